"""The evolve function of the product-gate aggregate (stream ``product-<tid>``)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from .events import EnteredProductHandedOut, EnteredProductLocked, EnteredProductUnlocked
from .state import HANDED_OUT, LOCKED, OPEN, HandOutState


def evolve(state: HandOutState, event: Event) -> HandOutState:
    match event:
        case EnteredProductLocked():
            return replace(state, status=LOCKED, consumer=event.consumer, at=event.at)
        case EnteredProductUnlocked():
            return replace(state, status=OPEN, consumer=None, at=event.at)
        case EnteredProductHandedOut():
            return HandOutState(HANDED_OUT, event.consumer, frozenset(event.players),
                                event.at)
    return state
