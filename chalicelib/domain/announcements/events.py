"""The events of the announcements aggregate (stream ``announcements-<tid>``)."""
from __future__ import annotations

from typing import Any

from ..events import Event, event


@event
class AnnouncementMade(Event):
    announcement_id: str
    text: str
    by: dict[str, Any]
    at: str
