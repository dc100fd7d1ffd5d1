"""Events of a store's league season (stream ``league-<lid>``)."""
from __future__ import annotations

from ..events import Event, event


@event
class LeagueCreated(Event):
    league_id: str
    organizer_id: str
    name: str
    game: str
    starts: str
    ends: str
    points: dict[str, int]
    attendance: int
    best_of: int | None
    invitations: int
    at: str
