"""The evolve function of the player-product aggregate (stream ``product-<tid>-<pid>``)."""
from __future__ import annotations

from dataclasses import replace

from ...events import Event
from ..events import PlayerProductEntered, PlayerProductHandedOut
from .state import PlayerProduct


def evolve(state: PlayerProduct, event: Event) -> PlayerProduct:
    match event:
        case PlayerProductEntered():
            return replace(state, entered=True, revision=event.revision, source=event.source,
                           packs=tuple(event.packs), starters=tuple(event.starters),
                           at=event.at, by=event.by)
        case PlayerProductHandedOut(consumer=consumer):
            return replace(state, handed_out=consumer)
    return state
