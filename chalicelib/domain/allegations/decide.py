"""Cheating allegations (V:EKN 5.1): "The head judge reviews all cheating allegations, and
if he or she determines that a player cheated, the head judge will issue the appropriate
penalty". Any judge (or the organizer) reports one; only the head judge decides it, once:
a penalty (given through the judges' records, infraction ``cheating``) or dismissed.

Events: ``CheatingReported`` {allegation_id, player_id, statement, round, by, at};
``AllegationDecided`` {allegation_id, decision, note, penalty_id, by, at}."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Forbidden, Invalid, NotFound
from ..events import Event
from .events import AllegationDecided, CheatingReported

DECISIONS = ("penalized", "dismissed")
MAX_OPEN = 500


@dataclass(frozen=True)
class ReportCheating:
    allegation_id: str
    player: str
    statement: str
    round: int | None
    by: dict[str, Any]
    now: str


@dataclass(frozen=True)
class DecideAllegation:
    allegation_id: str
    decision: str
    note: str
    by_head_judge: bool          # fact: the caller is the head judge
    by: dict[str, Any]
    now: str
    penalty_id: str | None = None


@dataclass(frozen=True)
class AllegationsState:
    allegations: dict[str, dict[str, Any]] = field(default_factory=dict)


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


def evolve(state: AllegationsState, event: Event) -> AllegationsState:
    if isinstance(event, CheatingReported):
        doc = {"allegation_id": event.allegation_id, "player_id": event.player_id,
               "statement": event.statement, "round": event.round, "reported_by": event.by,
               "reported_at": event.at, "decision": None, "note": None, "penalty_id": None,
               "decided_by": None, "decided_at": None}
        return replace(state, allegations={**state.allegations, event.allegation_id: doc})
    if isinstance(event, AllegationDecided):
        doc = {**state.allegations[event.allegation_id], "decision": event.decision,
               "note": event.note, "penalty_id": event.penalty_id, "decided_by": event.by,
               "decided_at": event.at}
        return replace(state, allegations={**state.allegations, event.allegation_id: doc})
    return state

from .aggregate import ALLEGATIONS as ALLEGATIONS  # noqa: E402, F401  (declared once, in aggregate.py)
