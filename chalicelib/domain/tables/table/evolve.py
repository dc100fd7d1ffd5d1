"""The evolve function of the V:EKN table aggregate (stream ``table-<tid>-r<n>-t<t>``)."""
from __future__ import annotations

from ...events import Event
from ..events import TablesPlayerDropped, TablesTableReported, TablesTableReseated
from .state import TableState


def evolve(state: TableState, event: Event) -> TableState:
    match event:
        case TablesTableReported(results=results):
            return TableState(state.seats, state.dropped, state.unseated, dict(results))
        case TablesPlayerDropped(player=player, loss=True):
            return TableState(state.seats, state.dropped + (player,), state.unseated,
                              state.result)
        case TablesPlayerDropped(player=player):
            return TableState(state.seats, state.dropped, state.unseated + (player,),
                              state.result)
        case TablesTableReseated(seats=seats):
            return TableState(tuple(seats), state.dropped, state.unseated, state.result)
    return state
