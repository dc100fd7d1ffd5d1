"""Table (Rochester) draft over HTTP (V:EKN 7.7), under /tournaments/{tid}/table-draft:
start, the public table, each player's seat, picks, expired timers, staff picks for an
absent player, pack replacements (7.2.5), feeds and the staff log, late arrivals. Use
cases: ``application/table_draft.py``; :func:`sweep_limited_drafts` runs every minute."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import roster_drafts, table_draft
from ..auth import optional_principal
from ..runtime import runtime
from ..service import Reply
from .bodies import LateArrivalBody
from .common import caller, command, path_number, reads
from .entered_product import start_with_entries
from .http import json_route, parse_body
from .limited_common import DraftStartBody, PickForBody, ReplacementBody, TablePickBody
from .links import link

bp = Blueprint(__name__)


class TableReplacementBody(ReplacementBody):
    pack: int = Field(ge=1, le=24)


@json_route(bp, "/tournaments/{tid}/table-draft", methods=["POST"])
def start_table_draft(tid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, DraftStartBody, allow_empty=True)
    return start_with_entries(
        request, principal, tid, "table-draft", body.packs, lambda uow, entered: Reply(
            201, table_draft.start(uow, principal, tid, body.pods, body.first_seats,
                                   body.packs, body.pick_seconds, body.review_seconds,
                                   entered),
            {"Location": link(f"/tournaments/{tid}/table-draft")}))


@json_route(bp, "/tournaments/{tid}/table-draft", methods=["GET"])
def get_table_draft(tid):
    return roster_drafts.summary(reads(), table_draft.TABLE, tid)


def sweep_limited_drafts(event):
    """Every minute: apply expired pick timers in every running table and mixed draft."""
    roster_drafts.sweep_running(reads())


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}", methods=["GET"])
def get_table_pod(tid, n):
    return roster_drafts.pod(reads(), table_draft.TABLE, tid, path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/me", methods=["GET"])
def get_my_table_seat(tid, n):
    return roster_drafts.seat(reads(), caller(bp.current_request), table_draft.TABLE, tid,
                              path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/picks", methods=["POST"])
def table_pick(tid, n):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, TablePickBody)
    return command(request, principal, 200, table_draft.pick, tid, path_number(n, "pod"),
                   body.card, body.pick)


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/expire", methods=["POST"])
def table_expire(tid, n):
    request = bp.current_request
    return command(request, caller(request), 200, table_draft.expire, tid,
                   path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/players/{pid}/pick-for",
            methods=["POST"])
def table_pick_for(tid, n, pid):
    request, principal = bp.current_request, caller(bp.current_request)
    pick = parse_body(request, PickForBody, allow_empty=True).pick
    return command(request, principal, 201, table_draft.pick_for, tid, path_number(n, "pod"),
                   pid, pick)


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/replacements", methods=["POST"])
def table_replace_pack(tid, n):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, TableReplacementBody)
    return command(request, principal, 201, table_draft.replace_pack, tid,
                   path_number(n, "pod"), body.seat, body.pack, body.reason, body.cards)


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/events", methods=["GET"])
def table_events(tid, n):
    viewer = optional_principal(bp.current_request, runtime())
    return roster_drafts.events(reads(), viewer, table_draft.TABLE, tid, path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/log", methods=["GET"])
def table_log(tid, n):
    return roster_drafts.log(reads(), caller(bp.current_request), table_draft.TABLE, tid,
                             path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/table-draft/late-arrivals", methods=["POST"])
def table_late_arrival(tid):
    request, principal = bp.current_request, caller(bp.current_request)
    player = parse_body(request, LateArrivalBody).player_id
    return command(request, principal, 201, roster_drafts.late_arrival, table_draft.TABLE, tid,
                   player)
