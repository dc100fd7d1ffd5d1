"""The evolve function of the Swiss match aggregate (stream ``match-<tid>-r<n>-<t>``)."""
from __future__ import annotations

from ...events import Event
from .. import match_result as mr
from .state import MatchState


def evolve(state: MatchState, event: Event) -> MatchState:
    return MatchState(mr.recorded(state.record, event), True)
