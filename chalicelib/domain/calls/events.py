"""Events of a tournament's judge calls (``calls-<tid>``)."""
from __future__ import annotations

from typing import Any

from ..actor import ActorRef
from ..events import Event, event


@event
class JudgeCalled(Event):
    """``caller`` ({role, id}; ``player_id`` when a player called) asks a judge to a table
    or match for ``reason``; ``suggested``: the judge who rules there (V:EKN 2.9)."""

    call_id: str
    caller: dict[str, Any]
    player_id: str | None
    round: int | None
    table: int | None
    match: str | None
    reason: str
    suggested: str | None
    at: str


@event
class JudgeCallAcknowledged(Event):
    call_id: str
    by: ActorRef
    at: str


@event
class JudgeCallResolved(Event):
    call_id: str
    by: ActorRef
    note: str | None
    at: str
