"""The commands of the announcements aggregate (stream ``announcements-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..actor import ActorRef


@dataclass(frozen=True)
class Announce:
    """Staff announce something to every player of the tournament (pushed)."""

    announcement_id: str
    text: str
    by: ActorRef
    now: str
