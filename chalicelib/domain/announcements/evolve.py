"""The evolve function of the announcements aggregate (stream ``announcements-<tid>``)."""
from __future__ import annotations

from ..events import Event
from .events import AnnouncementMade


def evolve(state: int, event: Event) -> int:
    return state + 1 if isinstance(event, AnnouncementMade) else state
