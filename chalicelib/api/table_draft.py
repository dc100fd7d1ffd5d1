"""Table (Rochester) draft over HTTP (V:EKN 7.7), under /tournaments/{tid}/table-draft:
start, the public table, each player's seat, picks, expired timers, staff picks for an
absent player, pack replacements (7.2.5), feeds and the staff log, late arrivals. Use
cases: ``application/table_draft.py``; pick timers are swept by ``entrypoints/schedules.py``."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import roster_drafts, table_draft
from ..auth import optional_principal
from ..runtime import runtime
from ..service import Reply
from .bodies import DraftStartBody, LateArrivalBody, PickForBody, ReplacementBody, TablePickBody
from .common import POD, caller, command, command_route, path_number, reads, start_with_entries
from .http import json_route, parse_body
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



@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}", methods=["GET"])
def get_table_pod(tid, n):
    return roster_drafts.pod(reads(), table_draft.TABLE, tid, path_number(n, "pod"))


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/me", methods=["GET"])
def get_my_table_seat(tid, n):
    return roster_drafts.seat(reads(), caller(bp.current_request), table_draft.TABLE, tid,
                              path_number(n, "pod"))


table_pick = command_route(
    bp, "/tournaments/{tid}/table-draft/pods/{n}/picks", table_draft.pick, 200, TablePickBody,
    ("card", "pick"), numbers=POD)

table_expire = command_route(
    bp, "/tournaments/{tid}/table-draft/pods/{n}/expire", table_draft.expire, numbers=POD)

table_pick_for = command_route(
    bp, "/tournaments/{tid}/table-draft/pods/{n}/players/{pid}/pick-for", table_draft.pick_for, 201,
    PickForBody, ("pick",), allow_empty=True, numbers=POD)

table_replace_pack = command_route(
    bp, "/tournaments/{tid}/table-draft/pods/{n}/replacements", table_draft.replace_pack, 201,
    TableReplacementBody, ("seat", "pack", "reason", "cards"), numbers=POD)

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
