"""Table (Rochester) draft over HTTP (V:EKN 7.7), under /tournaments/{tid}/table-draft:
start, the public table, each player's seat, picks, expired timers, staff picks for an
absent player, pack replacements (7.2.5), feeds and the staff log, late arrivals. Use
cases: ``application/table_draft.py``; :func:`sweep_limited_drafts` runs every minute."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import roster_drafts, table_draft
from ..auth import authenticate, optional_principal
from ..runtime import runtime
from ..service import Reply
from .bodies import LateArrivalBody
from .common import path_number, reads, run_command
from .entered_product import start_with_entries
from .http import json_route, parse_body
from .limited_common import DraftStartBody, PickForBody, ReplacementBody, TablePickBody
from .links import link

bp = Blueprint(__name__)


class TableReplacementBody(ReplacementBody):
    pack: int = Field(ge=1, le=24)


@json_route(bp, "/tournaments/{tid}/table-draft", methods=["POST"])
def start_table_draft(tid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, DraftStartBody, allow_empty=True)
    return start_with_entries(
        request, principal, tid, "table-draft", body.packs, lambda uow, entered: Reply(
            201, table_draft.start(uow, principal, tid, body.pods, body.first_seats,
                                   body.packs, body.pick_seconds, body.review_seconds,
                                   entered),
            {"Location": link(f"/tournaments/{tid}/table-draft")}))


@json_route(bp, "/tournaments/{tid}/table-draft", methods=["GET"])
def get_table_draft(tid):
    return table_draft.summary(reads(), tid)


def sweep_limited_drafts(event):
    """Every minute: apply expired pick timers in every running table and mixed draft."""
    roster_drafts.sweep_running(reads())


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}", methods=["GET"])
def get_table_pod(tid, n):
    return table_draft.table(reads(), tid, path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/me", methods=["GET"])
def get_my_table_seat(tid, n):
    principal = authenticate(bp.current_request, runtime())
    return table_draft.seat(reads(), principal, tid, path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/picks", methods=["POST"])
def table_pick(tid, n):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, TablePickBody)
    number = path_number(n, "pod")
    return run_command(request, lambda uow: Reply(200, table_draft.pick(
        uow, principal, tid, number, body.card, body.pick)), principal)


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/expire", methods=["POST"])
def table_expire(tid, n):
    request = bp.current_request
    principal = authenticate(request, runtime())
    number = path_number(n, "pod")
    return run_command(request, lambda uow: Reply(200, table_draft.expire(
        uow, principal, tid, number)), principal)


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/players/{pid}/pick-for",
            methods=["POST"])
def table_pick_for(tid, n, pid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, PickForBody, allow_empty=True)
    number = path_number(n, "pod")
    return run_command(request, lambda uow: Reply(201, table_draft.pick_for(
        uow, principal, tid, number, pid, body.pick)), principal)


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/replacements", methods=["POST"])
def table_replace_pack(tid, n):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, TableReplacementBody)
    number = path_number(n, "pod")
    return run_command(request, lambda uow: Reply(201, table_draft.replace_pack(
        uow, principal, tid, number, body.seat, body.pack, body.reason, body.cards)),
        principal)


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/events", methods=["GET"])
def table_events(tid, n):
    principal = optional_principal(bp.current_request, runtime())
    return table_draft.events(reads(), principal, tid, path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/log", methods=["GET"])
def table_log(tid, n):
    principal = authenticate(bp.current_request, runtime())
    return table_draft.log(reads(), principal, tid, path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/table-draft/late-arrivals", methods=["POST"])
def table_late_arrival(tid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, LateArrivalBody)
    return run_command(request, lambda uow: Reply(201, table_draft.late_arrival(
        uow, principal, tid, body.player_id)), principal)
