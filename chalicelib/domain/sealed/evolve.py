"""Folding sealed events into state (never mutating the given state)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from . import events as ev
from .state import SealedState


def evolve(state: SealedState, event: Event) -> SealedState:
    match event:
        case ev.SealedStarted():
            return replace(state, status="allocated", players=tuple(event.players),
                           swap=event.swap, hand_back_percent=event.hand_back_percent,
                           starter_trading=event.starter_trading,
                           packs={p: tuple(items) for p, items in event.packs.items()},
                           starters={s["id"]: dict(s) for s in event.starters})
        case ev.StarterTradeProposed():
            offer = {"from": event.from_, "to": event.to, "give": event.give,
                     "take": event.take}
            return replace(state, offers={**state.offers, event.offer: offer},
                           offers_made=state.offers_made + 1)
        case ev.StarterTradeDeclined(offer=declined):
            return replace(state, offers={o: v for o, v in state.offers.items()
                                          if o != declined})
        case ev.StarterTradeAccepted():
            starters = dict(state.starters)
            starters[event.give] = {**starters[event.give], "owner": event.to}
            starters[event.take] = {**starters[event.take], "owner": event.from_}
            gone = {event.offer, *event.voided}
            return replace(state, starters=starters,
                           offers={o: v for o, v in state.offers.items() if o not in gone})
        case ev.SealedProductOpened():
            opened = {p: tuple(c) for p, c in event.opened.items()}
            if state.swap:
                return replace(state, status="opened", opened=opened, offers={})
            return replace(state, status="final", opened=opened, offers={},
                           pools={**state.pools, **opened})
        case ev.SealedProductRegistered(player=player):
            return replace(state, registered=state.registered | {player})
        case ev.SealedSwapDealt():
            return replace(state, status="final", handed_back=tuple(event.handed_back),
                           received_from=dict(event.received_from),
                           pools={**state.pools,
                                  **{p: tuple(c) for p, c in event.pools.items()}})
        case ev.SealedLateArrival():
            return replace(state, players=state.players + (event.player,),
                           pools={**state.pools, event.player: tuple(event.pool)})
    return state
