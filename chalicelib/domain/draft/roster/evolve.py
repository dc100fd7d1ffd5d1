"""The evolve function of the booster draft roster aggregate (stream ``draft-<tid>``)."""
from __future__ import annotations

from dataclasses import replace

from ...events import Event
from ..events import DraftStarted, LateArrivalProvided
from .state import DraftState


def evolve(state: DraftState, event: Event) -> DraftState:
    match event:
        case DraftStarted():
            pods = tuple(tuple(p) for p in event.pods)
            return replace(state, started=True, pods=pods, rounds=event.rounds,
                           pod_of={p: n for n, pod in enumerate(pods, start=1) for p in pod},
                           starters=None if event.starters is None
                           else dict(event.starters), started_at=event.at,
                           seed=event.seed, packs=event.packs)
        case LateArrivalProvided():
            late = dict(state.late)
            late[event.player] = event.product
            return replace(state, late=late)
    return state
