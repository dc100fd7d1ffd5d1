"""Restricted trade (Michigan) over HTTP (V:EKN 7.4), under /tournaments/{tid}/trade:
each player's trade deck from their sealed pool, the trading pods, offers, answers,
added crypt cards, the pod's feed and the staff log. Use cases: ``application/trade.py``."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import trade
from ..auth import optional_principal
from ..runtime import runtime
from .bodies import Body, PlayerId
from .common import POD, caller, command_route, path_number, reads
from .event_pages import event_page, with_next
from .http import json_route

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


set_trade_deck = command_route(
    bp, "/tournaments/{tid}/trade/setup", trade.set_deck, 200, TradeSetupBody,
    ("library", "stock", "crypt", "sideboard"))

@json_route(bp, "/tournaments/{tid}/trade", methods=["GET"])
def get_trade(tid):
    return trade.summary(reads(), tid)


form_trade_pods = command_route(
    bp, "/tournaments/{tid}/trade/pods", trade.form_pods, 201, TradePodsBody,
    ("pods", "first_seats"), allow_empty=True, location="/tournaments/{tid}/trade")


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}", methods=["GET"])
def get_trade_pod(tid, n):
    viewer = optional_principal(bp.current_request, runtime())
    return trade.pod_view(reads(), viewer, tid, path_number(n, "pod"))


offer_trade = command_route(
    bp, "/tournaments/{tid}/trade/pods/{n}/offers", trade.offer, 200, OfferBody, ("target", "slot"),
    numbers=POD)

accept_trade = command_route(
    bp, "/tournaments/{tid}/trade/pods/{n}/accept", trade.accept, 200, AcceptBody, ("slot",),
    numbers=POD)

decline_trade = command_route(
    bp, "/tournaments/{tid}/trade/pods/{n}/decline", trade.decline, numbers=POD)

add_crypt = command_route(
    bp, "/tournaments/{tid}/trade/pods/{n}/crypt", trade.add_crypt, 200, CryptBody, ("cards",),
    numbers=POD)

@json_route(bp, "/tournaments/{tid}/trade/pods/{n}/events", methods=["GET"])
def trade_events(tid, n):
    request = bp.current_request
    viewer = optional_principal(request, runtime())
    return with_next(trade.events(reads(), viewer, tid, path_number(n, "pod"),
                                  *event_page(request)))


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}/log", methods=["GET"])
def trade_log(tid, n):
    request = bp.current_request
    return with_next(trade.log(reads(), caller(request), tid, path_number(n, "pod"),
                               *event_page(request)))
