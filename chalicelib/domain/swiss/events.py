"""Events of the Swiss stream (``swiss-<tid>``)."""
from __future__ import annotations

from ..events import Event, event


@event(stored_as={"PlayerDropped": "swiss"})
class SwissPlayerDropped(Event):
    """The player leaves the Swiss event after ``after_round`` rounds were paired (stored
    as ``PlayerDropped`` until the tournament's drop of the same name kept that name)."""

    player: str
    after_round: int
    by: str
