"""Folding trading pod events into state (never mutating the given state)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from . import events as ev
from .state import TradePodState


def evolve(state: TradePodState, event: Event) -> TradePodState:
    match event:
        case ev.TradePodStarted():
            players = tuple(event.players)
            return replace(state, status="trading", pod=event.pod, players=players,
                           active=players.index(event.first_seat), decks=dict(event.decks),
                           stock={p: tuple((c, True) for c in event.decks[p]["stock"])
                                  for p in players})
        case ev.TradeTurnStarted():
            return replace(state, turn=event.turn, active=state.players.index(event.player),
                           declined=frozenset(), offer=None)
        case ev.TradeOffered():
            return replace(state, offer={"target": event.target, "slot": event.slot,
                                         "card": event.card})
        case ev.TradeAccepted():
            stock = dict(state.stock)
            mine, theirs = list(stock[event.player]), list(stock[event.target])
            mine[event.player_slot] = (event.target_card, False)
            theirs[event.target_slot] = (event.player_card, False)
            stock[event.player], stock[event.target] = tuple(mine), tuple(theirs)
            return replace(state, stock=stock, offer=None, trades=state.trades + 1)
        case ev.TradeDeclined():
            stock = dict(state.stock)
            theirs = list(stock[event.target])
            theirs[event.slot] = (theirs[event.slot][0], False)
            stock[event.target] = tuple(theirs)
            return replace(state, stock=stock, offer=None,
                           declined=state.declined | {event.target})
        case ev.TradeStockTurnedDown(player=player):
            stock = dict(state.stock)
            stock[player] = tuple((c, False) for c, _ in stock[player])
            return replace(state, stock=stock)
        case ev.TradingEnded():
            return replace(state, status="crypt", offer=None, declined=frozenset())
        case ev.TradeCryptCompleted():
            return replace(state, crypt_done={**state.crypt_done,
                                              event.player: tuple(event.crypt)})
        case ev.TradePodCompleted():
            return replace(state, status="completed")
    return state
