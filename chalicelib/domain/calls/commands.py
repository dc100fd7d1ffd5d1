"""The commands of the judge-call aggregate (stream ``calls-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CallJudge:
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
    call_id: str
    by: dict[str, Any]
    now: str


@dataclass(frozen=True)
class ResolveCall:
    call_id: str
    by: dict[str, Any]
    note: str | None
    now: str
