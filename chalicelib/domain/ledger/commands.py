"""The commands of the ledger aggregate (stream ``ledger-<fid>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RecordEvent:
    record: dict[str, Any]
    by: dict[str, Any]
    now: str


@dataclass(frozen=True)
class InvalidateEvent:
    event_id: str
    reason: str
    by: dict[str, Any]
    now: str
