"""The evolve function of the league aggregate (stream ``league-<lid>``)."""
from __future__ import annotations

from ..events import Event
from .events import LeagueCreated
from .state import LeagueState


def evolve(state: LeagueState, event: Event) -> LeagueState:
    if isinstance(event, LeagueCreated):
        return LeagueState(league=dict(event.data))
    return state
