"""Restricted trade (Michigan) over HTTP (V:EKN 7.4), under /tournaments/{tid}/trade:
each player's trade deck from their sealed pool, the trading pods, offers, answers,
added crypt cards, the pod's feed and the staff log."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application.product_phase import require_play_not_started
from ..auth import authenticate, optional_principal, require_tournament_staff
from ..auth.principal import is_staff
from ..domain import trade
from ..domain.errors import Conflict, Forbidden
from ..domain.tabledraft.setup import kinds_of
from ..domain.trade.visibility import redact as trade_redact
from ..runtime import runtime
from ..service import Reply
from .bodies import Body, PlayerId
from .common import path_number, plain, require_running, run_command
from .http import json_route, parse_body
from .limited_common import (
    feed,
    first_seats,
    player_of,
    pod_command,
    pod_log,
    started,
    summary,
    viewer,
)
from .links import link
from .product import product_sets
from .sealed import sealed_state
from .tournaments import checked_tid, load_tournament

bp = Blueprint(__name__)

Cards = list[str]


class TradeSetupBody(Body):
    library: Cards = Field(max_length=500)
    stock: Cards = Field(max_length=500)
    crypt: Cards = Field(max_length=500)
    sideboard: Cards = Field(max_length=500)


class TradePodsBody(Body):
    pods: list[list[str]] | None = Field(default=None, max_length=500)
    first_seats: dict[str, str] | None = Field(default=None, max_length=500)


class OfferBody(Body):
    target: str = PlayerId
    slot: int = Field(ge=0, le=99)


class AcceptBody(Body):
    slot: int = Field(ge=0, le=99)


class CryptBody(Body):
    cards: Cards = Field(max_length=20)


def _pod(source, tid: str, n: int):
    return started(source, trade.TRADE_POD, trade.pod_stream_id(tid, n),
                   f"no trading pod {n}", tid)


@json_route(bp, "/tournaments/{tid}/trade/setup", methods=["POST"])
def set_trade_deck(tid):
    """7.4.1: library of exactly 50, trade stock of 15 unused library cards, crypt of 10,
    and the remaining crypt cards as sideboard, all from the player's sealed pool."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, TradeSetupBody)

    def work(uow):
        player = player_of(principal, checked_tid(tid))
        tournament = load_tournament(uow, tid, guard=False)
        require_running(tournament, formats=("restricted-trade",))
        product_state = sealed_state(uow, tid)
        pool = product_state.pools.get(player)
        if pool is None:
            raise Conflict("your sealed product is not open yet", code="no_pool")
        product = plain(tournament.settings)["product"]
        kinds = kinds_of(product_sets(uow, product))
        state, _ = uow.decide(trade.TRADE_PREP, trade.prep_stream_id(tid), trade.SetTradeDeck(
            player=player, deck=trade.TradeDeck(**body.model_dump()), pool=list(pool),
            kinds={c: kinds.get(c, "unknown") for c in set(pool)}, now=uow.now))
        return Reply(200, {"tournament_id": tid, "player_id": player,
                           **state.decks[player]})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/trade", methods=["GET"])
def get_trade(tid):
    return summary(runtime(), tid, "trade")


@json_route(bp, "/tournaments/{tid}/trade/pods", methods=["POST"])
def form_trade_pods(tid):
    """7.4.2: random pods of four or five (or the organizer's), each with its first seat
    designated by the judge; trading starts at once with every stock face up."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, TradePodsBody, allow_empty=True)

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        require_running(tournament, formats=("restricted-trade",))
        require_play_not_started(uow, tournament, "forming the trading pods")
        product_state = sealed_state(uow, tid)
        players = [p.id for p in tournament.active_players() if p.id in product_state.pools]
        prep, _ = uow.decide(trade.TRADE_PREP, trade.prep_stream_id(tid), trade.FormTradePods(
            players=players, seed=tournament.seed, pods=body.pods,
            first_seats=first_seats(body.first_seats), now=uow.now))
        for n, pod in enumerate(prep.pods, start=1):
            uow.decide(trade.TRADE_POD, trade.pod_stream_id(tid, n), trade.StartTradePod(
                pod=n, players=list(pod), first_seat=prep.first_seats[n - 1],
                decks={p: trade.TradeDeck(**prep.decks[p]) for p in pod}, now=uow.now))
        return Reply(201, {"tournament_id": tid, "pods": [
            {"pod": n, "players": list(pod), "first_seat": prep.first_seats[n - 1]}
            for n, pod in enumerate(prep.pods, start=1)]},
            {"Location": link(f"/tournaments/{tid}/trade")})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}", methods=["GET"])
def get_trade_pod(tid, n):
    """Face-up stock cards are shown to the pod's players and staff; anyone else sees
    whose turn it is and the counts."""
    rt = runtime()
    principal = optional_principal(bp.current_request, rt)
    tournament = load_tournament(rt, tid)
    state = _pod(rt, tid, path_number(n, "pod"))
    if principal is not None and is_staff(principal, tournament):
        return trade.view(state, staff=True)
    player = (principal.player_id if principal is not None and principal.role == "player"
              and principal.tournament_id == tid else None)
    return trade.view(state, player=player)


def _command(tid: str, n: str, command_of):
    request = bp.current_request
    return pod_command(
        request, authenticate(request, runtime()), tid, n, _pod, trade.TRADE_POD,
        trade.pod_stream_id, command_of,
        lambda state, events, player: {"events": [{"type": e.type, **e.data} for e in events],
                                       "pod": trade.view(state, player=player)})


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}/offers", methods=["POST"])
def offer_trade(tid, n):
    body = parse_body(bp.current_request, OfferBody)
    return _command(tid, n, lambda player, now: trade.OfferTrade(
        player=player, target=body.target, slot=body.slot, now=now))


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}/accept", methods=["POST"])
def accept_trade(tid, n):
    body = parse_body(bp.current_request, AcceptBody)
    return _command(tid, n, lambda player, now: trade.AcceptTrade(
        player=player, slot=body.slot, now=now))


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}/decline", methods=["POST"])
def decline_trade(tid, n):
    return _command(tid, n, lambda player, now: trade.DeclineTrade(player=player, now=now))


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}/crypt", methods=["POST"])
def add_crypt(tid, n):
    body = parse_body(bp.current_request, CryptBody)
    return _command(tid, n, lambda player, now: trade.AddCrypt(
        player=player, cards=body.cards, now=now))


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}/events", methods=["GET"])
def trade_events(tid, n):
    """The pod's events for its players and staff (offers, answers, turns are public to
    the pod); 403 for anyone else."""
    rt = runtime()
    number = path_number(n, "pod")
    state = _pod(rt, checked_tid(tid), number)
    player, staff = viewer(bp.current_request, rt, tid)
    if not staff and player not in state.players:
        raise Forbidden("only the pod's players and the tournament's staff may read its "
                        "events", code="not_in_pod")
    return feed(rt, trade.pod_stream_id(tid, number),
                lambda t, d: trade_redact(t, d, player=player, staff=staff,
                                          members=state.players))


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}/log", methods=["GET"])
def trade_log(tid, n):
    return pod_log(bp.current_request, tid, n, _pod, trade.view, trade.pod_stream_id)
