"""Events of a tournament's check-in (``checkin-<tid>``)."""
from __future__ import annotations

from ..events import Event, event


@event
class CheckInOpened(Event):
    """Staff opened self check-in for ``scope`` (``event`` or ``r<n>``, round n) with a
    fresh ``code`` (generation ``generation``: each opening replaces the previous code)."""

    scope: str
    code: str
    generation: int
    by: str
    at: str


@event
class CheckInClosed(Event):
    scope: str
    by: str
    at: str


@event
class PlayerCheckedIn(Event):
    """``player_id`` is present for ``scope``: by themself (``self``, with the code) or
    recorded by the staff (``staff``)."""

    scope: str
    player_id: str
    by: str
    actor: str
    at: str
