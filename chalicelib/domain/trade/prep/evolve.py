"""The evolve function of the trade set-up aggregate (stream ``trade-<tid>``)."""
from __future__ import annotations

from dataclasses import replace

from ...events import Event
from ..events import TradeDeckSet, TradePodsFormed
from .state import TradePrepState


def evolve(state: TradePrepState, event: Event) -> TradePrepState:
    match event:
        case TradeDeckSet(player=player, deck=deck):
            return replace(state, decks={**state.decks, player: deck})
        case TradePodsFormed():
            return replace(state, pods=tuple(tuple(p) for p in event.pods),
                           first_seats=tuple(event.first_seats), formed_at=event.at)
    return state
