"""Events of the federation's ledger (stream ``ledger-<federation>``)."""
from __future__ import annotations

from typing import Any

from ..actor import ActorRef
from ..events import Event, event


@event
class LedgerEventRecorded(Event):
    """An event's report entered the ledger (``version`` 1) or replaced its earlier
    record (a correction, a late report); ``changes``: the ratings it moved, at ``at``."""
    record: dict[str, Any]
    version: int
    changes: list[dict[str, Any]]
    by: ActorRef
    at: str


@event
class LedgerEventInvalidated(Event):
    """The federation invalidated an event (V:EKN 9.4): its results no longer count."""
    event_id: str
    reason: str
    changes: list[dict[str, Any]]
    by: ActorRef
    at: str
