"""The evolve function of the free-for-all aggregate (stream ``ffa-<tid>``)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from .events import FfaPodReported
from .state import FfaState


def evolve(state: FfaState, event: Event) -> FfaState:
    if isinstance(event, FfaPodReported):
        pods = dict(state.pods)
        pods[event.pod] = list(event.places)
        return replace(state, pods=pods)
    return state
