"""Preparation for trade (7.4.1) and player distribution (7.4.2): the ``trade-<tid>``
aggregate records each player's set-up and the pods formed from them."""
from __future__ import annotations

from typing import Any

from ...decider import unknown_command
from ...errors import Conflict, Invalid
from ...events import Event
from ...pods.assignment import assign_pods, check_explicit, pod_sizes
from ...table_draft import clock
from ..events import TradeDeckSet, TradePodsFormed
from ..validate import deck_problems
from .commands import FormTradePods, SetTradeDeck
from .state import TradePrepState

POD_MIN, POD_MAX = 4, 5     # 7.4.2


def decide(command: Any, state: TradePrepState) -> list[Event]:
    if isinstance(command, SetTradeDeck):
        return _set_deck(command, state)
    if isinstance(command, FormTradePods):
        return _form(command, state)
    unknown_command("trade preparation", command)


def _set_deck(cmd: SetTradeDeck, state: TradePrepState) -> list[Event]:
    if state.formed:
        raise Conflict("the trading pods are formed; set-ups are locked", code="pods_formed")
    problems = deck_problems(cmd.deck, cmd.pool, cmd.kinds)
    if problems:
        raise Invalid("this restricted-trade set-up breaks 7.4.1", problems,
                      code="invalid_trade_deck")
    return [TradeDeckSet(player=cmd.player, deck=cmd.deck.model_dump(), at=clock.iso(cmd.now))]


def _form(cmd: FormTradePods, state: TradePrepState) -> list[Event]:
    if state.formed:
        raise Conflict("the trading pods are already formed", code="pods_formed")
    missing = sorted(p for p in cmd.players if p not in state.decks)
    if missing:
        raise Conflict("every player must set up their library, trade stock, crypt and "
                       "sideboard first", {"missing": missing}, code="setups_missing")
    if cmd.pods is not None:
        pods = check_explicit(cmd.pods, cmd.players)
        wrong = [{"pod": n, "players": len(pod)} for n, pod in enumerate(pods, start=1)
                 if not POD_MIN <= len(pod) <= POD_MAX]
        if wrong:
            raise Invalid("7.4.2: a trading pod holds four to five players", wrong,
                          code="invalid_pods")
    else:
        try:
            sizes = pod_sizes(len(cmd.players), POD_MIN, POD_MAX, POD_MAX)
        except Invalid:
            raise Invalid(f"7.4.2: {len(cmd.players)} players cannot be split into trading "
                          "pods of four to five", {"players": len(cmd.players)},
                          code="no_pod_sizes") from None
        pods = assign_pods(cmd.players, sizes, cmd.seed, "trade-pods")
    problems = [{"pod": n, "player": p} for n, p in cmd.first_seats.items()
                if not 1 <= n <= len(pods) or p not in pods[n - 1]]
    if problems:
        raise Invalid("a designated first seat is not in that pod", problems,
                      code="invalid_first_seat")
    firsts = [cmd.first_seats.get(n, pod[0]) for n, pod in enumerate(pods, start=1)]
    return [TradePodsFormed(pods=pods, first_seats=firsts, at=clock.iso(cmd.now),
                            # not the seed's draw (for an audit)
                            chosen_by_organizer=None if cmd.pods is None else ["pods"])]
