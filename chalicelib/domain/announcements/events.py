"""The events of the announcements aggregate (stream ``announcements-<tid>``)."""
from __future__ import annotations

from ..actor import ActorRef
from ..events import Event, event


@event
class AnnouncementMade(Event):
    announcement_id: str
    text: str
    by: ActorRef
    at: str
