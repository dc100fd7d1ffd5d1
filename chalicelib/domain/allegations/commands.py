"""The commands of the allegations aggregate (stream ``allegations-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..actor import ActorRef


@dataclass(frozen=True)
class ReportCheating:
    """V:EKN 5.1: a judge reports a cheating allegation against a player."""

    allegation_id: str
    player: str
    statement: str
    round: int | None
    by: ActorRef
    now: str


@dataclass(frozen=True)
class DecideAllegation:
    """V:EKN 5.1: the head judge decides the allegation (and the penalty it gives)."""

    allegation_id: str
    decision: str
    note: str
    by_head_judge: bool          # fact: the caller is the head judge
    by: ActorRef
    now: str
    penalty_id: str | None = None
