"""The evolve function of the check-in aggregate (stream ``checkin-<tid>``)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from .events import CheckInClosed, CheckInOpened, PlayerCheckedIn
from .state import CheckInState


def evolve(state: CheckInState, event: Event) -> CheckInState:
    if isinstance(event, CheckInOpened):
        current = state.scope(event.scope)
        new = replace(current, open=True, code=event.code, generation=event.generation)
    elif isinstance(event, CheckInClosed):
        new = replace(state.scope(event.scope), open=False)
    elif isinstance(event, PlayerCheckedIn):
        current = state.scope(event.scope)
        new = replace(current, present={**current.present,
                                        event.player_id: {"at": event.at, "by": event.by}})
    else:
        return state
    return replace(state, scopes={**state.scopes, event.scope: new})
