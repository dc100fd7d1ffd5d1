"""Folding trading pod events into state (never mutating the given state)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from .state import TradePodState


def evolve(state: TradePodState, event: Event) -> TradePodState:
    d = event.data
    t = event.type
    if t == "TradePodStarted":
        players = tuple(d["players"])
        return replace(state, status="trading", pod=d["pod"], players=players,
                       active=players.index(d["first_seat"]), decks=dict(d["decks"]),
                       stock={p: tuple((c, True) for c in d["decks"][p]["stock"])
                              for p in players})
    if t == "TradeTurnStarted":
        return replace(state, turn=d["turn"], active=state.players.index(d["player"]),
                       declined=frozenset(), offer=None)
    if t == "TradeOffered":
        return replace(state, offer={"target": d["target"], "slot": d["slot"],
                                     "card": d["card"]})
    if t == "TradeAccepted":
        stock = dict(state.stock)
        mine, theirs = list(stock[d["player"]]), list(stock[d["target"]])
        mine[d["player_slot"]] = (d["target_card"], False)
        theirs[d["target_slot"]] = (d["player_card"], False)
        stock[d["player"]], stock[d["target"]] = tuple(mine), tuple(theirs)
        return replace(state, stock=stock, offer=None, trades=state.trades + 1)
    if t == "TradeDeclined":
        stock = dict(state.stock)
        theirs = list(stock[d["target"]])
        theirs[d["slot"]] = (theirs[d["slot"]][0], False)
        stock[d["target"]] = tuple(theirs)
        return replace(state, stock=stock, offer=None,
                       declined=state.declined | {d["target"]})
    if t == "TradeStockTurnedDown":
        stock = dict(state.stock)
        stock[d["player"]] = tuple((c, False) for c, _ in stock[d["player"]])
        return replace(state, stock=stock)
    if t == "TradingEnded":
        return replace(state, status="crypt", offer=None, declined=frozenset())
    if t == "TradeCryptCompleted":
        return replace(state, crypt_done={**state.crypt_done, d["player"]: tuple(d["crypt"])})
    if t == "TradePodCompleted":
        return replace(state, status="completed")
    return state
