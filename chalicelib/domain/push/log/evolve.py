"""The evolve function of the push log aggregate: counts the recorded batches."""
from __future__ import annotations

from ...events import Event
from ..events import PushBatchAttempted


def evolve(state: int, event: Event) -> int:
    return state + 1 if isinstance(event, PushBatchAttempted) else state
