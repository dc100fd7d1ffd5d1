"""Card sets (upload, list, read), a tournament's product configuration, and each
player's physical (or own) product entered one player at a time, with the progress of
entering it. Use cases: ``application/sets.py``, ``application/product.py``."""
from __future__ import annotations

from typing import Annotated

from chalice import Blueprint
from pydantic import Field

from ..application import product, sets
from ..domain.product.card_ids import ID_PATTERN
from .bodies import Body
from .common import caller, command, reads
from .http import json_object, json_route, parse_body, query_int, query_param
from .links import link

bp = Blueprint(__name__)


@json_route(bp, "/sets", methods=["POST"])
def upload_set():
    request, principal = bp.current_request, caller(bp.current_request)
    data = json_object(request)
    return command(request, principal, 201, sets.upload, data,
                   headers={"Location": link(f"/sets/{data.get('id')}")})


@json_route(bp, "/sets", methods=["GET"])
def list_sets():
    request = bp.current_request
    game = query_param(request, "game", pattern=r"vtes|hack|munchkin|mtg")
    limit = query_int(request, "limit", 100, 1, 500)
    after = query_param(request, "after", pattern=ID_PATTERN[1:-1])
    return sets.listed(reads(), game, after, limit)


@json_route(bp, "/sets/{set_id}", methods=["GET"])
def get_set(set_id):
    return sets.definition(reads(), set_id)


@json_route(bp, "/tournaments/{tid}/product", methods=["GET"])
def tournament_product(tid):
    return product.configuration(reads(), tid)


# ---- physical or own product, one player at a time (V:EKN 7.2.4, 7.2.5) ----------------
CardId = Annotated[str, Field(pattern=ID_PATTERN)]


class PackEntry(Body):
    set: str | None = Field(default=None, pattern=ID_PATTERN)
    booster: str | None = Field(default=None, pattern=ID_PATTERN)
    cards: list[CardId] = Field(min_length=1, max_length=100)


class StarterEntry(Body):
    set: str | None = Field(default=None, pattern=ID_PATTERN)
    starter: str = Field(pattern=ID_PATTERN)


class ProductEntryBody(Body):
    packs: list[PackEntry] = Field(default_factory=list, max_length=24)
    starters: list[StarterEntry] = Field(default_factory=list, max_length=16)
    reason: str | None = Field(default=None, min_length=1, max_length=500)


@json_route(bp, "/tournaments/{tid}/product/players/{pid}", methods=["POST"])
def enter_player_product(tid, pid):
    """Enter (or correct, until it is handed out) one player's physical packs and starters
    (source ``entered``) or the product they brought (source ``own``)."""
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, ProductEntryBody)
    return command(request, principal, lambda entered: 201 if entered[0] else 200,
                   product.enter, tid, pid, [p.model_dump() for p in body.packs],
                   [s.model_dump() for s in body.starters], body.reason,
                   document=lambda entered: entered[1],
                   location="/tournaments/{tid}/product/players/{pid}")


@json_route(bp, "/tournaments/{tid}/product/players/{pid}", methods=["GET"])
def get_player_product(tid, pid):
    """The product entered for one player (staff)."""
    return product.entry(reads(), caller(bp.current_request), tid, pid)


@json_route(bp, "/tournaments/{tid}/product/entries", methods=["GET"])
def product_entries(tid):
    """Progress of entering product player by player: who still lacks it (staff)."""
    return product.progress(reads(), caller(bp.current_request), tid)
