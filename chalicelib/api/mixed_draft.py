"""Mixed (Elder) draft over HTTP (V:EKN 7.8), under /tournaments/{tid}/mixed-draft: a
table draft of the crypt, then library piles picked in turn. Use cases:
``application/mixed_draft.py``; its timers are swept with the table drafts'
(``table_draft.sweep_limited_drafts``)."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import mixed_draft
from ..auth import authenticate, optional_principal
from ..runtime import runtime
from ..service import Reply
from .bodies import Body, LateArrivalBody
from .common import path_number, reads, run_command
from .entered_product import start_with_entries
from .http import json_route, parse_body
from .limited_common import CardId, DraftStartBody, PickForBody, ReplacementBody, TablePickBody
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
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, MixedStartBody)
    return start_with_entries(
        request, principal, tid, "mixed-draft", body.packs, lambda uow, entered: Reply(
            201, mixed_draft.start(uow, principal, tid, body.pods, body.first_seats,
                                   body.packs, body.pile_size, body.pick_seconds,
                                   body.review_seconds, body.library_pick_seconds, entered),
            {"Location": link(f"/tournaments/{tid}/mixed-draft")}))


@json_route(bp, "/tournaments/{tid}/mixed-draft", methods=["GET"])
def get_mixed_draft(tid):
    return mixed_draft.summary(reads(), tid)


@json_route(bp, "/tournaments/{tid}/mixed-draft/late-arrivals", methods=["POST"])
def mixed_late_arrival(tid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, LateArrivalBody)
    return run_command(request, lambda uow: Reply(201, mixed_draft.late_arrival(
        uow, principal, tid, body.player_id)), principal)


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}", methods=["GET"])
def get_mixed_pod(tid, n):
    return mixed_draft.pod(reads(), tid, path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/me", methods=["GET"])
def get_my_mixed_seat(tid, n):
    principal = authenticate(bp.current_request, runtime())
    return mixed_draft.seat(reads(), principal, tid, path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/crypt-picks", methods=["POST"])
def mixed_crypt_pick(tid, n):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, TablePickBody)
    number = path_number(n, "pod")
    return run_command(request, lambda uow: Reply(200, mixed_draft.crypt_pick(
        uow, principal, tid, number, body.card, body.pick)), principal)


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/library-picks", methods=["POST"])
def mixed_library_pick(tid, n):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, LibraryPickBody)
    number = path_number(n, "pod")
    return run_command(request, lambda uow: Reply(200, mixed_draft.library_pick(
        uow, principal, tid, number, body.card, body.pack)), principal)


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/expire", methods=["POST"])
def mixed_expire(tid, n):
    request = bp.current_request
    principal = authenticate(request, runtime())
    number = path_number(n, "pod")
    return run_command(request, lambda uow: Reply(200, mixed_draft.expire(
        uow, principal, tid, number)), principal)


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/players/{pid}/pick-for",
            methods=["POST"])
def mixed_pick_for(tid, n, pid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, MixedPickForBody, allow_empty=True)
    number = path_number(n, "pod")
    return run_command(request, lambda uow: Reply(201, mixed_draft.pick_for(
        uow, principal, tid, number, pid, body.pick, body.pack)), principal)


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/replacements", methods=["POST"])
def mixed_replace_product(tid, n):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, ProductReplacementBody)
    number = path_number(n, "pod")
    return run_command(request, lambda uow: Reply(201, mixed_draft.replace_product(
        uow, principal, tid, number, body.seat, body.item, body.reason, body.cards)),
        principal)


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/events", methods=["GET"])
def mixed_events(tid, n):
    principal = optional_principal(bp.current_request, runtime())
    return mixed_draft.events(reads(), principal, tid, path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/log", methods=["GET"])
def mixed_log(tid, n):
    principal = authenticate(bp.current_request, runtime())
    return mixed_draft.log(reads(), principal, tid, path_number(n, "pod"))
