"""Announcements (stream ``announcements-<tid>``): what the staff tell every player (the
public feed carries each, and Web Push brings it to the players' phones)."""
from .aggregate import ANNOUNCEMENTS as ANNOUNCEMENTS  # noqa: F401
from .commands import Announce as Announce
from .decide import MAX_ANNOUNCEMENTS as MAX_ANNOUNCEMENTS
from .decide import MAX_TEXT as MAX_TEXT
from .decide import decide as decide
from .events import AnnouncementMade as AnnouncementMade
from .evolve import evolve as evolve
