"""Folding sealed events into state (never mutating the given state)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from .state import SealedState


def evolve(state: SealedState, event: Event) -> SealedState:
    d = event.data
    t = event.type
    if t == "SealedStarted":
        return replace(state, status="allocated", players=tuple(d["players"]),
                       swap=d["swap"], hand_back_percent=d["hand_back_percent"],
                       starter_trading=d["starter_trading"],
                       packs={p: tuple(items) for p, items in d["packs"].items()},
                       starters={s["id"]: dict(s) for s in d["starters"]})
    if t == "StarterTradeProposed":
        offer = {k: d[k] for k in ("from", "to", "give", "take")}
        return replace(state, offers={**state.offers, d["offer"]: offer},
                       offers_made=state.offers_made + 1)
    if t == "StarterTradeDeclined":
        return replace(state, offers={o: v for o, v in state.offers.items() if o != d["offer"]})
    if t == "StarterTradeAccepted":
        starters = dict(state.starters)
        starters[d["give"]] = {**starters[d["give"]], "owner": d["to"]}
        starters[d["take"]] = {**starters[d["take"]], "owner": d["from"]}
        gone = {d["offer"], *d["voided"]}
        return replace(state, starters=starters,
                       offers={o: v for o, v in state.offers.items() if o not in gone})
    if t == "SealedProductOpened":
        opened = {p: tuple(c) for p, c in d["opened"].items()}
        if state.swap:
            return replace(state, status="opened", opened=opened, offers={})
        return replace(state, status="final", opened=opened, offers={},
                       pools={**state.pools, **opened})
    if t == "SealedProductRegistered":
        return replace(state, registered=state.registered | {d["player"]})
    if t == "SealedSwapDealt":
        return replace(state, status="final", handed_back=tuple(d["handed_back"]),
                       received_from=dict(d["received_from"]),
                       pools={**state.pools, **{p: tuple(c) for p, c in d["pools"].items()}})
    if t == "SealedLateArrival":
        return replace(state, players=state.players + (d["player"],),
                       pools={**state.pools, d["player"]: tuple(d["pool"])})
    return state
