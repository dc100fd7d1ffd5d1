"""The state of the judge-call aggregate (stream ``calls-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..actor import ActorRef

OPEN, ACKNOWLEDGED, RESOLVED = "open", "acknowledged", "resolved"


@dataclass(frozen=True)
class Call:
    call_id: str
    caller: dict[str, Any]
    player_id: str | None
    round: int | None
    table: int | None
    match: str | None
    reason: str
    suggested: str | None
    called_at: str
    status: str = OPEN
    acknowledged_by: ActorRef | None = None
    acknowledged_at: str | None = None
    resolved_by: ActorRef | None = None
    resolved_at: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class CallsState:
    calls: dict[str, Call] = field(default_factory=dict)
    order: tuple[str, ...] = ()                       # call ids, oldest first
    open_by_player: dict[str, str] = field(default_factory=dict)
