"""Sealed over HTTP, under /tournaments/{tid}/sealed: handing out and opening the
product (V:EKN 7.3), starter trading (7.2.4), registering entered product, the
sealed-deck swap (7.3.2), late arrivals (7.2.6), the feed and the staff log. The
sealed product is also the pool of a restricted trade (``trade``)."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application.product_phase import require_play_not_started
from ..auth import authenticate, optional_principal, require_tournament_staff
from ..auth.principal import is_staff
from ..domain import sealed
from ..domain.errors import Invalid
from ..domain.product.allocation import allocate, allocate_one
from ..domain.sealed.visibility import redact as sealed_redact
from ..runtime import runtime
from ..service import Reply
from .bodies import Body, LateArrivalBody
from .common import active_player, plain, require_running, run_command
from .entered_product import late_allocation, start_with_entries
from .http import json_route, parse_body
from .limited_common import event_log, feed, player_of, started, summary, viewer
from .links import link
from .product import product_sets
from .tournaments import checked_tid, load_tournament

bp = Blueprint(__name__)

SEALED_FORMATS = ("sealed", "sealed-swap", "restricted-trade")


class SealedStartBody(Body):
    hand_back_percent: int | None = Field(default=None, ge=10, le=20)
    starter_trading: bool | None = None
    packs: dict[str, list[list[str]]] | None = Field(default=None, max_length=5000)


class StarterOfferBody(Body):
    give: str = Field(pattern=r"^S\d{1,6}$")
    take: str = Field(pattern=r"^S\d{1,6}$")


class StarterAnswerBody(Body):
    accept: bool


class RegistrationBody(Body):
    cards: list[str] | None = Field(default=None, max_length=2000)


def sealed_state(source, tid: str):
    """The tournament's sealed product (404 before it is handed out)."""
    return started(source, sealed.SEALED, sealed.stream_id(tid),
                   "the sealed product has not been handed out", tid)


@json_route(bp, "/tournaments/{tid}/sealed", methods=["POST"])
def start_sealed(tid):
    """Hand out every active player's product (collated from the seed, or the
    organizer's entered ``packs``). A ``sealed-swap`` tournament swaps after opening."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, SealedStartBody, allow_empty=True)

    def work(uow, entered):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        require_running(tournament, formats=SEALED_FORMATS)
        require_play_not_started(uow, tournament, "handing out sealed product")
        product = plain(tournament.settings)["product"]
        players = [p.id for p in tournament.active_players()]
        if entered is not None:     # entered player by player (POST .../product/players/{pid})
            allocations = entered.allocations(uow, tournament)
        elif body.packs is not None:
            missing = sorted(set(players) - set(body.packs))
            extra = sorted(set(body.packs) - set(players))
            if missing or extra:
                raise Invalid("enter the packs of every active player, and only theirs",
                              {"missing": missing, "not_active": extra},
                              code="invalid_packs")
            allocations = {p: {"packs": [{"cards": c} for c in body.packs[p]],
                               "starters": []} for p in players}
        else:
            allocations = allocate(product, product_sets(uow, product), tournament.seed,
                                   players)
        trading = product.get("starter_trading", False) if body.starter_trading is None \
            else body.starter_trading
        state, _ = uow.decide(sealed.SEALED, sealed.stream_id(tid), sealed.StartSealed(
            players=players, allocations=allocations,
            swap=tournament.format == "sealed-swap",
            hand_back_percent=body.hand_back_percent or 15, starter_trading=trading,
            now=uow.now))
        return Reply(201, sealed.view(state, staff=True),
                     {"Location": link(f"/tournaments/{tid}/sealed")})
    return start_with_entries(bp.current_request, principal, tid, "sealed", body.packs, work)


@json_route(bp, "/tournaments/{tid}/sealed", methods=["GET"])
def get_sealed(tid):
    """Public progress; with a token, the caller's own product (staff: everything)."""
    rt = runtime()
    principal = optional_principal(bp.current_request, rt)
    if principal is None:
        return summary(rt, tid, "sealed")
    tournament = load_tournament(rt, tid)
    state = sealed_state(rt, tid)
    if is_staff(principal, tournament):
        return sealed.view(state, staff=True)
    return sealed.view(state, player=player_of(principal, tid))


def _staff_command(tid: str, command_of, status: int = 200):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)

    def work(uow):
        tournament = load_tournament(uow, tid, guard=False)
        require_tournament_staff(principal, tournament)
        sealed_state(uow, tid)
        state, _ = uow.decide(sealed.SEALED, sealed.stream_id(tid),
                              command_of(tournament, uow))
        return Reply(status, sealed.view(state, staff=True))
    return run_command(bp.current_request, work, principal)


def _player_command(tid: str, command_of, status: int = 200):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)

    def work(uow):
        player = player_of(principal, checked_tid(tid))
        sealed_state(uow, tid)
        state, events = uow.decide(sealed.SEALED, sealed.stream_id(tid),
                                   command_of(player, uow.now))
        return Reply(status, {"event": {"type": events[0].type, **events[0].data},
                              "sealed": sealed.view(state, player=player)})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/sealed/starter-trades", methods=["POST"])
def offer_starter_trade(tid):
    body = parse_body(bp.current_request, StarterOfferBody)
    return _player_command(tid, lambda player, now: sealed.ProposeStarterTrade(
        player=player, give=body.give, take=body.take, now=now), status=201)


@json_route(bp, "/tournaments/{tid}/sealed/starter-trades/{offer}", methods=["POST"])
def answer_starter_trade(tid, offer):
    body = parse_body(bp.current_request, StarterAnswerBody)
    return _player_command(tid, lambda player, now: sealed.AnswerStarterTrade(
        player=player, offer=offer, accept=body.accept, now=now))


@json_route(bp, "/tournaments/{tid}/sealed/open", methods=["POST"])
def open_product(tid):
    return _staff_command(tid, lambda t, uow: sealed.OpenProduct(now=uow.now))


@json_route(bp, "/tournaments/{tid}/sealed/registrations", methods=["POST"])
def register_product(tid):
    body = parse_body(bp.current_request, RegistrationBody, allow_empty=True)
    return _player_command(tid, lambda player, now: sealed.RegisterProduct(
        player=player, cards=body.cards, now=now), status=201)


@json_route(bp, "/tournaments/{tid}/sealed/swap", methods=["POST"])
def deal_swap(tid):
    return _staff_command(tid, lambda t, uow: sealed.DealSwap(seed=t.seed, now=uow.now))


@json_route(bp, "/tournaments/{tid}/sealed/late-arrivals", methods=["POST"])
def sealed_late_arrival(tid):
    """7.2.6: an active player added late receives their own sealed product."""
    body = parse_body(bp.current_request, LateArrivalBody)

    def command(tournament, uow):
        active_player(tournament, body.player_id)
        product = plain(tournament.settings)["product"]
        by = (uow.meta.get("actor") or {}).get("id", "staff")     # the staff caller
        allocation = late_allocation(uow, tournament, body.player_id, "sealed", by)
        if allocation is None:
            allocation = allocate_one(product, product_sets(uow, product), tournament.seed,
                                      body.player_id)
        return sealed.AddLatePlayer(player=body.player_id, allocation=allocation, now=uow.now)
    return _staff_command(tid, command, status=201)


@json_route(bp, "/tournaments/{tid}/sealed/events", methods=["GET"])
def sealed_events(tid):
    rt = runtime()
    sealed_state(rt, checked_tid(tid))
    player, staff = viewer(bp.current_request, rt, tid)
    return feed(rt, sealed.stream_id(tid),
                lambda t, d: sealed_redact(t, d, player=player, staff=staff))


@json_route(bp, "/tournaments/{tid}/sealed/log", methods=["GET"])
def sealed_log(tid):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    require_tournament_staff(principal, load_tournament(rt, tid))
    return {"state": sealed.view(sealed_state(rt, tid), staff=True),
            "events": event_log(rt, sealed.stream_id(tid))}
