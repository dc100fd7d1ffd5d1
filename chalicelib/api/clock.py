"""Time extensions over HTTP: staff add minutes to a Swiss or top-cut match, a table of
the current multiplayer round or the V:EKN final table (V:EKN 2.8 lengthy rulings,
3.3.3 in-game breaks). Use cases: ``application/clock.py``; the round views, the live
view and the report show them."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import clock
from ..domain.clock.decider import MAX_MINUTES, MAX_REASON
from .bodies import Body
from .common import caller, command, path_number
from .http import json_route, parse_body

bp = Blueprint(__name__)


class ExtensionBody(Body):
    minutes: int = Field(ge=1, le=MAX_MINUTES)
    reason: str = Field(min_length=1, max_length=MAX_REASON)


def _body():
    return parse_body(bp.current_request, ExtensionBody)


@json_route(bp, "/tournaments/{tid}/swiss/matches/{mid}/extensions", methods=["POST"])
def extend_match(tid, mid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = _body()
    return command(request, principal, 201, clock.extend_match, tid, mid,
                   body.minutes, body.reason)


@json_route(bp, "/tournaments/{tid}/tables/rounds/{n}/tables/{k}/extensions",
            methods=["POST"])
def extend_table(tid, n, k):
    request, principal = bp.current_request, caller(bp.current_request)
    body = _body()
    return command(request, principal, 201, clock.extend_table, tid,
                   path_number(n, "round"), path_number(k, "table"), body.minutes,
                   body.reason)


@json_route(bp, "/tournaments/{tid}/tables/final/extensions", methods=["POST"])
def extend_final(tid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = _body()
    return command(request, principal, 201, clock.extend_final, tid,
                   body.minutes, body.reason)
