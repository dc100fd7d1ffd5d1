"""Sealed product decider: allocation, starter trading (7.2.4), opening, and the
sealed-deck swap (7.3.2)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Forbidden, Invalid
from ..events import Event
from ..table_draft import clock
from . import events as ev
from .commands import (
    AddLatePlayer,
    AnswerStarterTrade,
    DealSwap,
    OpenProduct,
    ProposeStarterTrade,
    RegisterProduct,
    StartSealed,
)
from .evolve import evolve
from .state import SealedState
from .swap import deal, hand_back_count


def decide(command: Any, state: SealedState) -> list[Event]:
    handler = _HANDLERS.get(type(command))
    if handler is None:
        unknown_command("sealed", command)
    if state.status == "new" and not isinstance(command, StartSealed):
        raise Conflict("sealed product has not been handed out", code="not_started")
    return handler(command, state)


def _pool(alloc: dict[str, Any]) -> list[str]:
    return [c for item in alloc.get("starters", []) + alloc.get("packs", [])
            for c in item["cards"]]


def _start(cmd: StartSealed, state: SealedState) -> list[Event]:
    if state.status != "new":
        raise Conflict("sealed product was already handed out", code="already_started")
    starters: list[dict[str, Any]] = []
    for player in cmd.players:
        for item in cmd.allocations[player].get("starters", []):
            starters.append({"id": f"S{len(starters) + 1}", "set": item.get("set"),
                             "starter": item.get("starter"), "cards": list(item["cards"]),
                             "owner": player})
    return [ev.SealedStarted(
        players=list(cmd.players),
        packs={p: [dict(item) for item in cmd.allocations[p].get("packs", [])]
               for p in cmd.players},
        starters=starters, swap=cmd.swap, hand_back_percent=cmd.hand_back_percent,
        starter_trading=cmd.starter_trading, at=clock.iso(cmd.now))]


def _member(state: SealedState, player: str) -> None:
    if player not in state.players:
        raise Forbidden(f"{player!r} has no product in this event", code="not_a_player")


def _trading(state: SealedState) -> None:
    if not state.starter_trading:
        raise Conflict("the organizer does not allow trading starters",
                       code="starter_trading_off")
    if state.status != "allocated":
        raise Conflict("starters can only be traded before any product is opened (7.2.4)",
                       code="product_opened")


def _propose(cmd: ProposeStarterTrade, state: SealedState) -> list[Event]:
    _member(state, cmd.player)
    _trading(state)
    give, take = state.starters.get(cmd.give), state.starters.get(cmd.take)
    problems = []
    if give is None or give["owner"] != cmd.player:
        problems.append(f"{cmd.give!r} is not one of your starters")
    if take is None:
        problems.append(f"no starter {cmd.take!r}")
    elif take["owner"] == cmd.player:
        problems.append(f"{cmd.take!r} is already yours")
    if problems:
        raise Invalid("this starter trade cannot be offered", problems, code="bad_offer")
    assert take is not None                       # else a problem above
    offer = f"T{state.offers_made + 1}"
    return [ev.StarterTradeProposed(offer=offer, from_=cmd.player, to=take["owner"],
                                 give=cmd.give, take=cmd.take, at=clock.iso(cmd.now))]


def _answer(cmd: AnswerStarterTrade, state: SealedState) -> list[Event]:
    _member(state, cmd.player)
    _trading(state)
    offer = state.offers.get(cmd.offer)
    if offer is None:
        raise Conflict(f"no pending starter trade {cmd.offer!r}", code="no_such_offer")
    at = clock.iso(cmd.now)
    if cmd.player == offer["to"]:
        if not cmd.accept:
            return [ev.StarterTradeDeclined(offer=cmd.offer, by=cmd.player, at=at)]
        void = sorted(o for o, other in state.offers.items() if o != cmd.offer and
                      {other["give"], other["take"]} & {offer["give"], offer["take"]})
        return [ev.StarterTradeAccepted(from_=offer["from"], to=offer["to"], give=offer["give"],
                                     take=offer["take"], offer=cmd.offer, voided=void, at=at)]
    if cmd.player == offer["from"] and not cmd.accept:
        return [ev.StarterTradeDeclined(offer=cmd.offer, by=cmd.player, at=at)]
    raise Forbidden(f"only {offer['to']} can accept offer {cmd.offer}", code="not_your_offer")


def _open(cmd: OpenProduct, state: SealedState) -> list[Event]:
    if state.status != "allocated":
        raise Conflict("the product is already open", code="already_opened")
    opened, owned = {}, state.starters_by_owner()
    for player in state.players:
        if player in state.pools:      # late arrival, already has a pool
            continue
        starters = [c for s in owned[player] for c in s["cards"]]
        opened[player] = starters + [c for pack in state.packs[player] for c in pack["cards"]]
    return [ev.SealedProductOpened(opened=opened, at=clock.iso(cmd.now))]


def _register(cmd: RegisterProduct, state: SealedState) -> list[Event]:
    _member(state, cmd.player)
    if not state.swap:
        raise Conflict("this event has no sealed-deck swap", code="no_swap")
    if state.status != "opened":
        raise Conflict("product is registered after opening and before the swap",
                       code="not_registering")
    if cmd.player not in state.opened:
        raise Conflict(f"{cmd.player} takes no part in the swap", code="not_in_swap")
    if cmd.player in state.registered:
        raise Conflict(f"{cmd.player} has already registered", code="already_registered")
    opened = Counter(state.opened[cmd.player])
    if cmd.cards is not None:
        given = Counter(cmd.cards)
        if given != opened:
            raise Invalid("the registration does not match the product you opened", {
                "missing": sorted((opened - given).elements()),
                "extra": sorted((given - opened).elements())}, code="registration_mismatch")
    return [ev.SealedProductRegistered(player=cmd.player, count=sum(opened.values()),
                                    at=clock.iso(cmd.now))]


def _deal(cmd: DealSwap, state: SealedState) -> list[Event]:
    if not state.swap:
        raise Conflict("this event has no sealed-deck swap", code="no_swap")
    if state.status != "opened":
        raise Conflict("the swap is dealt once, after registration", code="not_registering")
    waiting = sorted(set(state.opened) - state.registered)
    if waiting:
        raise Conflict("not every player has registered their product",
                       {"unregistered": waiting}, code="registration_incomplete")
    back, received = deal(list(state.opened), state.hand_back_percent, cmd.seed)
    return [ev.SealedSwapDealt(
        hand_back=hand_back_count(state.hand_back_percent, len(state.opened)),
        handed_back=back, received_from=received,
        pools={p: list(state.opened[r]) for p, r in sorted(received.items())},
        at=clock.iso(cmd.now))]


def _late(cmd: AddLatePlayer, state: SealedState) -> list[Event]:
    if cmd.player in state.players:
        raise Conflict(f"{cmd.player} already has product", code="already_a_player")
    pool = _pool(cmd.allocation)
    if not pool:
        raise Invalid("a late arrival needs product", code="no_product")
    return [ev.SealedLateArrival(player=cmd.player, pool=pool, at=clock.iso(cmd.now))]


_HANDLERS: dict[type, Callable[[Any, SealedState], list[Event]]] = {
             StartSealed: _start, ProposeStarterTrade: _propose,
             AnswerStarterTrade: _answer, OpenProduct: _open, RegisterProduct: _register,
             DealSwap: _deal, AddLatePlayer: _late}

__all__ = ["decide", "evolve"]
