"""Announcements (stream ``announcements-<tid>``): what the staff tell every player (the
public feed carries each, and Web Push brings it to the players' phones)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Invalid
from ..events import Event, event

MAX_TEXT = 500
MAX_ANNOUNCEMENTS = 1000


@event
class AnnouncementMade(Event):
    announcement_id: str
    text: str
    by: dict[str, Any]
    at: str


@dataclass(frozen=True)
class Announce:
    announcement_id: str
    text: str
    by: dict[str, Any]
    now: str


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


def evolve(state: int, event: Event) -> int:
    return state + 1 if isinstance(event, AnnouncementMade) else state

from .aggregate import ANNOUNCEMENTS as ANNOUNCEMENTS  # noqa: E402, F401  (declared once, in aggregate.py)
