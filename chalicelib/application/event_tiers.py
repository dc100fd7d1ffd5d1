"""Rules that follow from a tournament's tier (``settings.event``, V:EKN 2.9 and 9.8)
and span the tournament and its judges' records."""
from __future__ import annotations

from datetime import date
from typing import Any

from ..domain import judging as j
from ..domain.errors import Conflict
from ..domain.ledger import LEDGER
from ..domain.ledger.qualify import member_qualifications
from ..domain.profiles.event_tier import effective_tier, multi_judge_refusal
from ..domain.tournament import TournamentState
from ..service import UnitOfWork


def allow_multi_judge(t: TournamentState, panel: list[dict[str, Any]]) -> None:
    """V:EKN 2.9: no Multi-Judge System at a qualifier or a championship (409
    ``multi_judge_not_allowed``); naming only a head judge is always allowed."""
    refusal = multi_judge_refusal(dict(t.settings)) if panel else None
    if refusal:
        raise Conflict(refusal, {"tier": effective_tier(dict(t.settings))},
                       code="multi_judge_not_allowed")


def keep_multi_judge_allowed(uow: UnitOfWork, t: TournamentState) -> None:
    """A tier changed to a qualifier or championship while the Multi-Judge System is
    named is refused the same way (the settings change records nothing)."""
    refusal = multi_judge_refusal(dict(t.settings))
    if refusal is None:
        return
    judging = uow.load(j.JUDGING, t.id, guard=False)
    if judging.panel:
        raise Conflict(refusal + ": the Multi-Judge System is named for this event",
                       {"tier": effective_tier(dict(t.settings))},
                       code="multi_judge_not_allowed")


def admit_qualified(uow: UnitOfWork, t: TournamentState, member_id: str | None) -> None:
    """V:EKN 9.8: a non-open event admits the players on its federation's qualification
    list for its continent, on the event's day (409 ``not_qualified``)."""
    event = dict(t.settings).get("event") or {}
    if event.get("open", True):
        return
    # the event tier's validation makes a non-open event name both
    fid, continent = str(event["federation_id"]), str(event["continent"])
    ledger = uow.load(LEDGER, fid, guard=False)
    day = date.fromisoformat((t.starts_at or uow.now.isoformat())[:10])
    found = member_qualifications(member_id, ledger.entries(member_id),
                                  ledger.counting_records(), continent, day) \
        if member_id else []
    if not found:
        raise Conflict("this event is not open (V:EKN 9.8): the player is not on its "
                       "qualification list", {"member_id": member_id, "continent": continent,
                                              "federation_id": fid, "as_of": day.isoformat()},
                       code="not_qualified")
