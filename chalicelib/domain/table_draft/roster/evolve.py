"""The evolve function of the table and mixed draft roster aggregate (streams
``tdraft-<tid>``, ``mixed-<tid>``)."""
from __future__ import annotations

from dataclasses import replace

from ...events import Event
from ..events import LimitedLateArrival, LimitedPodsFormed
from .state import RosterState


def evolve(state: RosterState, event: Event) -> RosterState:
    match event:
        case LimitedLateArrival(player=player, allocation=allocation):
            return replace(state, late={**state.late, player: allocation})
        case LimitedPodsFormed():
            return replace(state, capability=event.capability,
                           pods=tuple(tuple(p) for p in event.pods),
                           first_seats=tuple(event.first_seats),
                           starters=None if event.starters is None else dict(event.starters),
                           settings=dict(event.settings),
                           formed_at=event.at, seed=event.seed, packs=event.packs)
    return state
