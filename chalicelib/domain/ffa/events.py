"""Events of the free-for-all stream (``ffa-<tid>``)."""
from __future__ import annotations

from typing import Any

from ..events import Event, event


@event
class FfaPodReported(Event):
    pod: int
    winner: str
    eliminated: list[str]          # in the order they were eliminated
    places: list[dict[str, Any]]   # {player, place, outlasted}
