"""Cheating allegations (V:EKN 5.1): "The head judge reviews all cheating allegations, and
if he or she determines that a player cheated, the head judge will issue the appropriate
penalty". Any judge (or the organizer) reports one; only the head judge decides it, once:
a penalty (given through the judges' records, infraction ``cheating``) or dismissed.

Events: ``CheatingReported`` {allegation_id, player_id, statement, round, by, at};
``AllegationDecided`` {allegation_id, decision, note, penalty_id, by, at}."""
from __future__ import annotations

from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Forbidden, Invalid, NotFound
from ..events import Event
from .commands import DecideAllegation, ReportCheating
from .events import AllegationDecided, CheatingReported
from .state import AllegationsState

DECISIONS = ("penalized", "dismissed")
MAX_OPEN = 500


def decide(cmd: Any, state: AllegationsState) -> list[Event]:
    if isinstance(cmd, ReportCheating):
        if not cmd.statement.strip():
            raise Invalid("say what was seen", {"loc": "statement"})
        if len(state.allegations) >= MAX_OPEN:
            raise Conflict("too many allegations in this tournament", code="too_many_allegations")
        return [CheatingReported(allegation_id=cmd.allegation_id, player_id=cmd.player,
                                 statement=cmd.statement.strip(), round=cmd.round,
                                 by=cmd.by, at=cmd.now)]
    if isinstance(cmd, DecideAllegation):
        held = state.allegations.get(cmd.allegation_id)
        if held is None:
            raise NotFound(f"no allegation {cmd.allegation_id}", code="allegation_not_found")
        if not cmd.by_head_judge:
            raise Forbidden("the head judge reviews cheating allegations and decides them "
                            "(V:EKN 5.1)")
        if held["decision"] is not None:
            raise Conflict("this allegation was decided already", {"decision":
                           held["decision"]}, code="allegation_decided")
        if cmd.decision not in DECISIONS:
            raise Invalid(f"decision is one of {', '.join(DECISIONS)}", {"loc": "decision"})
        return [AllegationDecided(allegation_id=cmd.allegation_id, decision=cmd.decision,
                                  note=cmd.note, penalty_id=cmd.penalty_id, by=cmd.by,
                                  at=cmd.now)]
    unknown_command("allegations", cmd)
