"""Mixed (Elder) draft over HTTP (V:EKN 7.8), under /tournaments/{tid}/mixed-draft: a
table draft of the crypt, then library piles picked in turn. Use cases:
``application/mixed_draft.py``; its timers are swept with the table drafts'
(``entrypoints/schedules.py``)."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import mixed_draft
from .bodies import (
    Body,
    CardId,
    DraftStartBody,
    PickForBody,
    ReplacementBody,
    TablePickBody,
)
from .common import POD, caller, command_route, start_with_entries
from .http import json_route, parse_body
from .roster_routes import shared_routes

bp = Blueprint(__name__)
PILE = r"^R\d{1,3}S\d{1,3}$"


class MixedStartBody(DraftStartBody):
    pile_size: int = Field(ge=1, le=60)
    library_pick_seconds: int | None = Field(default=None, ge=5, le=900)


class LibraryPickBody(Body):
    card: str = CardId
    pack: str | None = Field(default=None, pattern=PILE)


class MixedPickForBody(PickForBody):
    pack: str | None = Field(default=None, pattern=PILE)


class ProductReplacementBody(ReplacementBody):
    item: int = Field(ge=1, le=40)


@json_route(bp, "/tournaments/{tid}/mixed-draft", methods=["POST"])
def start_mixed_draft(tid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, MixedStartBody)
    return start_with_entries(
        request, principal, tid, "mixed-draft", body.packs,
        lambda uow, entered: mixed_draft.start(
            uow, principal, tid, body.pods, body.first_seats, body.packs, body.pile_size,
            body.pick_seconds, body.review_seconds, body.library_pick_seconds, entered),
        location="/tournaments/{tid}/mixed-draft")


mixed_crypt_pick = command_route(
    bp, "/tournaments/{tid}/mixed-draft/pods/{n}/crypt-picks", mixed_draft.crypt_pick, 200,
    TablePickBody, ("card", "pick"), numbers=POD)

mixed_library_pick = command_route(
    bp, "/tournaments/{tid}/mixed-draft/pods/{n}/library-picks", mixed_draft.library_pick, 200,
    LibraryPickBody, ("card", "pack"), numbers=POD)

mixed_expire = command_route(
    bp, "/tournaments/{tid}/mixed-draft/pods/{n}/expire", mixed_draft.expire, numbers=POD)

mixed_pick_for = command_route(
    bp, "/tournaments/{tid}/mixed-draft/pods/{n}/players/{pid}/pick-for", mixed_draft.pick_for, 201,
    MixedPickForBody, ("pick", "pack"), allow_empty=True, numbers=POD)

mixed_replace_product = command_route(
    bp, "/tournaments/{tid}/mixed-draft/pods/{n}/replacements", mixed_draft.replace_product, 201,
    ProductReplacementBody, ("seat", "item", "reason", "cards"), numbers=POD)


# -- what the table and mixed drafts share (api/roster_routes.py) ----------------------
(get_mixed_draft, mixed_late_arrival, get_mixed_pod, get_my_mixed_seat, mixed_events,
 mixed_log) = shared_routes(bp, "/tournaments/{tid}/mixed-draft", mixed_draft.MIXED, "mixed")
