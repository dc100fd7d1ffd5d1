"""Sealed over HTTP, under /tournaments/{tid}/sealed: handing out and opening the
product (V:EKN 7.3), starter trading (7.2.4), registering opened product, the
sealed-deck swap (7.3.2), late arrivals (7.2.6), the feed and the staff log. Use cases:
``application/sealed.py``."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import sealed
from ..auth import optional_principal
from ..runtime import runtime
from .bodies import Body, LateArrivalBody
from .common import caller, command_route, reads, start_with_entries
from .event_pages import event_page, with_next
from .http import cursor_param, json_route, next_cursor, parse_body, query_int

bp = Blueprint(__name__)


def _staff_page(doc):
    """A staff view's page (a player's view has no ``next``) with its cursor to send back."""
    return {**doc, "next": next_cursor(doc["next"])} if "next" in doc else doc


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


@json_route(bp, "/tournaments/{tid}/sealed", methods=["POST"])
def start_sealed(tid):
    """Hand out every active player's product (collated from the seed, the organizer's
    entered ``packs`` or the product entered per player)."""
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, SealedStartBody, allow_empty=True)
    return start_with_entries(
        request, principal, tid, "sealed", body.packs,
        lambda uow, entered: sealed.start(uow, principal, tid, body.hand_back_percent,
                                          body.starter_trading, body.packs, entered),
        location="/tournaments/{tid}/sealed", document=_staff_page)


@json_route(bp, "/tournaments/{tid}/sealed", methods=["GET"])
def get_sealed(tid):
    """Public progress; with a token, the caller's own product (staff: everything, the
    per-player maps a page of ``players`` at a time: ``?after=`` the previous page's
    ``next``, ``?limit=``)."""
    request = bp.current_request
    limit = query_int(request, "limit", sealed.STAFF_PAGE, 1, sealed.STAFF_PAGE_MAX)
    return _staff_page(sealed.progress(reads(), optional_principal(request, runtime()), tid,
                                       cursor_param(request), limit))


offer_starter_trade = command_route(
    bp, "/tournaments/{tid}/sealed/starter-trades", sealed.offer_starter_trade, 201,
    StarterOfferBody, ("give", "take"))
answer_starter_trade = command_route(
    bp, "/tournaments/{tid}/sealed/starter-trades/{offer}", sealed.answer_starter_trade, 200,
    StarterAnswerBody, ("accept",))
open_product = command_route(bp, "/tournaments/{tid}/sealed/open", sealed.open_product,
                             document=_staff_page)
register_product = command_route(
    bp, "/tournaments/{tid}/sealed/registrations", sealed.register_product, 201,
    RegistrationBody, ("cards",), allow_empty=True)
deal_swap = command_route(bp, "/tournaments/{tid}/sealed/swap", sealed.deal_swap,
                          document=_staff_page)
sealed_late_arrival = command_route(
    bp, "/tournaments/{tid}/sealed/late-arrivals", sealed.late_arrival, 201, LateArrivalBody,
    ("player_id",), document=_staff_page)


@json_route(bp, "/tournaments/{tid}/sealed/events", methods=["GET"])
def sealed_events(tid):
    request = bp.current_request
    return with_next(sealed.events(reads(), optional_principal(request, runtime()), tid,
                                   *event_page(request)))


@json_route(bp, "/tournaments/{tid}/sealed/log", methods=["GET"])
def sealed_log(tid):
    request = bp.current_request
    doc = sealed.log(reads(), caller(request), tid, *event_page(request))
    return with_next({**doc, "state": _staff_page(doc["state"])})
