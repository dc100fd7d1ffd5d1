"""Table (Rochester) draft over HTTP (V:EKN 7.7), under /tournaments/{tid}/table-draft:
start, the public table, each player's seat, picks, expired timers, staff picks for an
absent player, pack replacements (7.2.5), feeds and the staff log, late arrivals. Use
cases: ``application/table_draft.py``; pick timers are swept by ``entrypoints/schedules.py``."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import table_draft
from .bodies import DraftStartBody, PickForBody, ReplacementBody, TablePickBody
from .common import POD, caller, command_route, start_with_entries
from .http import json_route, parse_body
from .roster_routes import shared_routes

bp = Blueprint(__name__)


class TableReplacementBody(ReplacementBody):
    pack: int = Field(ge=1, le=24)


@json_route(bp, "/tournaments/{tid}/table-draft", methods=["POST"])
def start_table_draft(tid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, DraftStartBody, allow_empty=True)
    return start_with_entries(
        request, principal, tid, "table-draft", body.packs,
        lambda uow, entered: table_draft.start(
            uow, principal, tid, body.pods, body.first_seats, body.packs, body.pick_seconds,
            body.review_seconds, entered),
        location="/tournaments/{tid}/table-draft")


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


# -- what the table and mixed drafts share (api/roster_routes.py) ----------------------
(get_table_draft, table_late_arrival, get_table_pod, get_my_table_seat, table_events,
 table_log) = shared_routes(bp, "/tournaments/{tid}/table-draft", table_draft.TABLE, "table")
