"""The commands of the judge-call aggregate (stream ``calls-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actor import ActorRef


@dataclass(frozen=True)
class CallJudge:
    """A player or staff member calls a judge to a table or match, with a reason."""

    call_id: str
    caller: dict[str, Any]
    player_id: str | None
    round: int | None
    table: int | None
    match: str | None
    reason: str
    suggested: str | None
    now: str


@dataclass(frozen=True)
class AcknowledgeCall:
    """A judge takes the call: the caller is told a judge is coming."""

    call_id: str
    by: ActorRef
    now: str


@dataclass(frozen=True)
class ResolveCall:
    """The judge closes the call, with a note; the response time is recorded."""

    call_id: str
    by: ActorRef
    note: str | None
    now: str
