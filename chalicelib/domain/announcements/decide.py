"""Announcements (stream ``announcements-<tid>``): what the staff tell every player (the
public feed carries each, and Web Push brings it to the players' phones)."""
from __future__ import annotations

from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Invalid
from ..events import Event
from .commands import Announce
from .events import AnnouncementMade

MAX_TEXT = 500
MAX_ANNOUNCEMENTS = 1000


def decide(command: Any, state: int) -> list[Event]:
    if not isinstance(command, Announce):
        unknown_command("announcement", command)
    text = command.text.strip()
    if not text or len(text) > MAX_TEXT:
        raise Invalid(f"an announcement has 1 to {MAX_TEXT} characters", {"field": "text"},
                      code="invalid_announcement")
    if state >= MAX_ANNOUNCEMENTS:
        raise Conflict(f"{MAX_ANNOUNCEMENTS} announcements in one event",
                       code="too_many_announcements")
    return [AnnouncementMade(announcement_id=command.announcement_id, text=text,
                             by=command.by, at=command.now)]
