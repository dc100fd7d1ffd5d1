"""Mixed (Elder) draft over HTTP (V:EKN 7.8), under /tournaments/{tid}/mixed-draft: a
table draft of the crypt, then library piles picked in turn. Use cases:
``application/mixed_draft.py``; its timers are swept with the table drafts'
(``entrypoints/schedules.py``)."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import mixed_draft, roster_drafts
from ..auth import optional_principal
from ..runtime import runtime
from ..service import Reply
from .bodies import (
    Body,
    CardId,
    DraftStartBody,
    LateArrivalBody,
    PickForBody,
    ReplacementBody,
    TablePickBody,
)
from .common import POD, caller, command, command_route, path_number, reads, start_with_entries
from .http import json_route, parse_body
from .links import link

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
        request, principal, tid, "mixed-draft", body.packs, lambda uow, entered: Reply(
            201, mixed_draft.start(uow, principal, tid, body.pods, body.first_seats,
                                   body.packs, body.pile_size, body.pick_seconds,
                                   body.review_seconds, body.library_pick_seconds, entered),
            {"Location": link(f"/tournaments/{tid}/mixed-draft")}))


@json_route(bp, "/tournaments/{tid}/mixed-draft", methods=["GET"])
def get_mixed_draft(tid):
    return roster_drafts.summary(reads(), mixed_draft.MIXED, tid)


@json_route(bp, "/tournaments/{tid}/mixed-draft/late-arrivals", methods=["POST"])
def mixed_late_arrival(tid):
    request, principal = bp.current_request, caller(bp.current_request)
    player = parse_body(request, LateArrivalBody).player_id
    return command(request, principal, 201, roster_drafts.late_arrival, mixed_draft.MIXED, tid,
                   player)


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}", methods=["GET"])
def get_mixed_pod(tid, n):
    return roster_drafts.pod(reads(), mixed_draft.MIXED, tid, path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/me", methods=["GET"])
def get_my_mixed_seat(tid, n):
    return roster_drafts.seat(reads(), caller(bp.current_request), mixed_draft.MIXED, tid,
                              path_number(n, "pod"))


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

@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/events", methods=["GET"])
def mixed_events(tid, n):
    viewer = optional_principal(bp.current_request, runtime())
    return roster_drafts.events(reads(), viewer, mixed_draft.MIXED, tid, path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/log", methods=["GET"])
def mixed_log(tid, n):
    return roster_drafts.log(reads(), caller(bp.current_request), mixed_draft.MIXED, tid,
                             path_number(n, "pod"))
