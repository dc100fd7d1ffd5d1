"""Events of the judging stream (``judging-<tid>``): officials, penalties, appeals, round
starts and presence (V:EKN 2.5-2.9, 3.3, 5)."""
from __future__ import annotations

from typing import Any

from ..actor import ActorRef
from ..events import Event, event


@event
class OfficialsNamed(Event):
    head_judge: str
    panel: list[dict[str, Any]]        # the Multi-Judge System's six, in order (2.9)
    by: ActorRef
    at: str


@event
class PenaltyGiven(Event):
    penalty_id: str
    player_id: str
    kind: str                          # warning, game_loss, match_loss, disqualification
    reason: str
    infraction: str
    judge: dict[str, Any]              # {"role", "id"}
    round: int | None
    table: int | None
    match_id: str | None
    applied: dict[str, Any] | None     # the result a loss entered, when it entered one
    by_head_judge: bool
    at: str


@event
class AppealFiled(Event):
    appeal_id: str
    penalty_id: str
    player_id: str
    statement: str
    at: str


@event
class AppealDecided(Event):
    penalty_id: str
    decision: str                      # upheld or overturned (final, 2.7)
    note: str
    by: ActorRef
    at: str


@event
class DisqualificationReviewed(Event):
    penalty_id: str
    decision: str                      # upheld or overturned (V:EKN 5.1)
    note: str
    by: ActorRef
    at: str


@event
class RoundStartAnnounced(Event):
    round: int
    starts_at: str
    by: ActorRef


@event
class PlayerMarkedPresent(Event):
    round: int
    player_id: str
    by: ActorRef
    at: str
