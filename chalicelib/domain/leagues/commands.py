"""The commands of the league aggregate (stream ``league-<lid>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CreateLeague:
    """Create a store league: its season, points table and invitations."""

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
    now: str
