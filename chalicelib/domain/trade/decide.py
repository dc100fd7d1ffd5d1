"""Trading pod decider: the trading procedure of V:EKN 7.4.3."""
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
    CRYPT_ADDED,
    AcceptTrade,
    AddCrypt,
    DeclineTrade,
    OfferTrade,
    StartTradePod,
)
from .evolve import evolve
from .state import TradePodState


def decide(command: Any, state: TradePodState) -> list[Event]:
    if isinstance(command, StartTradePod):
        return _start(command, state)
    handler = _HANDLERS.get(type(command))
    if handler is None:
        unknown_command("trading pod", command)
    if state.status == "new":
        raise Conflict("trading has not started in this pod", code="not_started")
    if command.player not in state.players:
        raise Forbidden(f"{command.player!r} is not in this trading pod", code="not_in_pod")
    return handler(command, state)


def _start(cmd: StartTradePod, state: TradePodState) -> list[Event]:
    if state.status != "new":
        raise Conflict("trading has already started in this pod", code="already_started")
    problems = []
    if len(set(cmd.players)) != len(cmd.players):
        problems.append("players must be distinct")
    if cmd.first_seat not in cmd.players:
        problems.append(f"first seat {cmd.first_seat!r} is not in the pod")
    if set(cmd.decks) != set(cmd.players):
        problems.append("every player of the pod, and only they, needs a set-up")
    if problems:
        raise Invalid("cannot start this trading pod", problems, code="invalid_pod")
    at = clock.iso(cmd.now)
    started = ev.TradePodStarted(pod=cmd.pod, players=list(cmd.players),
                              first_seat=cmd.first_seat,
                              decks={p: cmd.decks[p].model_dump() for p in cmd.players}, at=at)
    state = evolve(state, started)
    return [started, *_settle(state, at, turn_over=False, first=True)]


def _settle(state: TradePodState, at: str, turn_over: bool, first: bool = False,
            reason: str = "") -> list[Event]:
    """What follows an action: stocks turned down when one player alone has face-up
    cards, the end of trading when none has, else the turn passes as needed."""
    events: list[Event] = []

    def emit(event: Event) -> None:
        nonlocal state
        events.append(event)
        state = evolve(state, event)

    holders = state.holders()
    if len(holders) == 1:
        # 7.4.3: if only one player has any face-up cards, they turn them face down.
        emit(ev.TradeStockTurnedDown(player=holders[0], slots=state.face_up(holders[0]), at=at))
        holders = []
    if not holders:
        if not first and state.active_player is not None:    # a turn was being played
            emit(ev.TradeTurnEnded(turn=state.turn, player=state.active_player,
                                reason=reason or "all_face_down", at=at))
        emit(ev.TradingEnded(trades=state.trades, at=at))
        return events
    me = state.players[state.active]
    targets = [p for p in holders if p != me and p not in state.declined]
    if not first and not turn_over and state.face_up(me) and targets:
        return events
    if not first:
        if not turn_over:
            reason = "no_face_up" if not state.face_up(me) else "all_declined"
        emit(ev.TradeTurnEnded(turn=state.turn, player=me, reason=reason, at=at))
    # 7.4.3: the player to the left becomes active; a player with no face-up cards has
    # their turn end at once.
    seat = state.active if first else (state.active + 1) % len(state.players)
    skipped = []
    while not state.face_up(state.players[seat]):
        skipped.append(state.players[seat])
        seat = (seat + 1) % len(state.players)
    emit(ev.TradeTurnStarted(turn=state.turn + 1, player=state.players[seat], skipped=skipped,
                          at=at))
    return events


def _trading(state: TradePodState) -> None:
    if state.status != "trading":
        raise Conflict("the trading phase is over", code="trading_over")


def _offer(cmd: OfferTrade, state: TradePodState) -> list[Event]:
    _trading(state)
    if cmd.player != state.active_player:
        raise Conflict(f"it is {state.active_player}'s turn", {"active": state.active_player},
                       code="not_your_turn")
    if state.offer is not None:
        raise Conflict(f"waiting for {state.offer['target']} to answer", state.offer,
                       code="offer_pending")
    if cmd.target == cmd.player or cmd.target not in state.players:
        raise Invalid("select a card of another player of the pod", code="bad_target")
    if cmd.target in state.declined:
        raise Invalid(f"{cmd.target} declined this turn; select from another player",
                      {"declined": sorted(state.declined)}, code="declined_this_turn")
    if cmd.slot not in state.face_up(cmd.target):
        raise Invalid(f"slot {cmd.slot} of {cmd.target} is not a face-up card",
                      {"face_up": state.face_up(cmd.target)}, code="not_face_up")
    return [ev.TradeOffered(turn=state.turn, player=cmd.player, target=cmd.target,
                         slot=cmd.slot, card=state.stock[cmd.target][cmd.slot][0],
                         at=clock.iso(cmd.now))]


def _answerer(player: str, state: TradePodState) -> dict[str, Any]:
    _trading(state)
    if state.offer is None:
        raise Conflict("there is no offer to answer", code="no_offer")
    if player != state.offer["target"]:
        raise Conflict(f"the offer is to {state.offer['target']}", state.offer,
                       code="not_your_offer")
    return state.offer


def _accept(cmd: AcceptTrade, state: TradePodState) -> list[Event]:
    offer = _answerer(cmd.player, state)
    active = state.active_player
    assert active is not None                     # an offer is answered while trading
    if cmd.slot not in state.face_up(active):
        raise Invalid(f"slot {cmd.slot} of {active} is not a face-up card",
                      {"face_up": state.face_up(active)}, code="not_face_up")
    at = clock.iso(cmd.now)
    accepted = ev.TradeAccepted(turn=state.turn, player=active, target=cmd.player,
                             player_slot=cmd.slot, player_card=state.stock[active][cmd.slot][0],
                             target_slot=offer["slot"], target_card=offer["card"], at=at)
    return [accepted, *_settle(evolve(state, accepted), at, turn_over=True, reason="traded")]


def _decline(cmd: DeclineTrade, state: TradePodState) -> list[Event]:
    offer = _answerer(cmd.player, state)
    at = clock.iso(cmd.now)
    active = state.active_player
    assert active is not None                     # an offer is answered while trading
    declined = ev.TradeDeclined(turn=state.turn, player=active, target=cmd.player,
                             slot=offer["slot"], card=offer["card"], at=at)
    return [declined, *_settle(evolve(state, declined), at, turn_over=False)]


def _add_crypt(cmd: AddCrypt, state: TradePodState) -> list[Event]:
    if state.status == "trading":
        raise Conflict("crypt cards are added once trading is over", code="still_trading")
    if state.status == "completed" or cmd.player in state.crypt_done:
        raise Conflict(f"{cmd.player} has already completed their crypt", code="crypt_done")
    deck = state.decks[cmd.player]
    spare = Counter(deck["sideboard"])
    if len(cmd.cards) != CRYPT_ADDED or Counter(cmd.cards) - spare:
        raise Invalid(f"add exactly {CRYPT_ADDED} cards from your crypt sideboard",
                      {"sideboard": deck["sideboard"], "given": cmd.cards},
                      code="bad_crypt_addition")
    at = clock.iso(cmd.now)
    crypt = list(deck["crypt"]) + list(cmd.cards)
    library = list(deck["library"]) + [card for card, _ in state.stock[cmd.player]]
    done = ev.TradeCryptCompleted(player=cmd.player, added=list(cmd.cards), crypt=crypt,
                               library=library, at=at)
    after = evolve(state, done)
    if len(after.crypt_done) < len(state.players):
        return [done]
    return [done, ev.TradePodCompleted(decks={
        p: {"crypt": list(after.crypt_done[p]),
            "library": list(after.decks[p]["library"]) + [c for c, _ in after.stock[p]]}
        for p in state.players}, at=at)]


_HANDLERS: dict[type, Callable[[Any, TradePodState], list[Event]]] = {
             OfferTrade: _offer, AcceptTrade: _accept, DeclineTrade: _decline,
             AddCrypt: _add_crypt}
