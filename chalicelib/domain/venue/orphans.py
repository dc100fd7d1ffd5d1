"""Deciding on a report of orphaned events (written by a node after its lease was
reclaimed): the staff replay it or discard it, once per report, while the deployment
holds the tournament (``docs/venue.md``)."""
from __future__ import annotations

from ..errors import Conflict, Invalid, NotFound
from ..events import Event
from .commands import DecideOrphans
from .events import OrphansDiscarded, OrphansReplayed
from .state import DEPLOYMENT, LeaseState

DECISIONS = ("replay", "discard")


def decide_orphans(command: DecideOrphans, state: LeaseState) -> list[Event]:
    if command.decision not in DECISIONS:
        raise Invalid("decide to replay or to discard", {"field": "decision"},
                      code="invalid_decision")
    if not 1 <= command.report <= state.orphan_reports:
        raise NotFound(f"no orphan report {command.report} (the tournament has "
                       f"{state.orphan_reports})", {"reports": state.orphan_reports},
                       code="orphan_report_not_found")
    if command.report in state.orphans_decided:
        raise Conflict(f"orphan report {command.report} was decided already",
                       {"report": command.report}, code="orphans_decided")
    holder = state.holder_at(command.now)
    if holder != DEPLOYMENT:
        raise Conflict(f"the tournament is held by venue node {holder}: decide once the "
                       "deployment holds it", {"holder": holder}, code="lease_held")
    at = command.now.isoformat()
    if command.decision == "discard":
        return [OrphansDiscarded(report=command.report, events=command.events,
                                 by=command.by, at=at)]
    return [OrphansReplayed(report=command.report, replayed=command.replayed,
                            refused=command.refused, by=command.by, at=at)]
