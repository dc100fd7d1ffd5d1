"""The commands of the ledger aggregate (stream ``ledger-<fid>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actor import ActorRef


@dataclass(frozen=True)
class RecordEvent:
    """Record a finished event's report in the federation's ledger."""

    record: dict[str, Any]
    by: ActorRef
    now: str


@dataclass(frozen=True)
class InvalidateEvent:
    """Invalidate a recorded event (V:EKN 9.4): it never counts again."""

    event_id: str
    reason: str
    by: ActorRef
    now: str
