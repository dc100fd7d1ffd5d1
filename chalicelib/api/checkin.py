"""Check-in over HTTP: staff open and close it for the event or a round, show its QR code
(SVG or PNG, drawn with segno), record a player present and list the no-shows; players
check in from their phone. Use cases: ``application/checkin.py``."""
from __future__ import annotations

import io

import segno
from chalice import Blueprint, Response
from pydantic import Field

from ..application import checkin
from .bodies import Body
from .common import caller, command, command_route, reads
from .http import json_route, parse_body, query_int

bp = Blueprint(__name__)
MAX_ROUND = 9999


class ScopeBody(Body):
    round: int | None = Field(default=None, ge=1, le=MAX_ROUND,
                              description="the round (absent: the event)")


class CheckInBody(Body):
    code: str = Field(min_length=4, max_length=80,
                      description="the code shown at the venue, or the QR code's content")


open_checkin = command_route(bp, "/tournaments/{tid}/checkin/open", checkin.open_checkin,
                             200, ScopeBody, ("round",), allow_empty=True)
close_checkin = command_route(bp, "/tournaments/{tid}/checkin/close", checkin.close_checkin,
                              200, ScopeBody, ("round",), allow_empty=True)
self_checkin = command_route(bp, "/tournaments/{tid}/checkin", checkin.self_checkin, 201,
                             CheckInBody, ("code",))


@json_route(bp, "/tournaments/{tid}/checkin/players/{pid}", methods=["POST"])
def staff_checkin(tid, pid):
    request = bp.current_request
    body = parse_body(request, ScopeBody, allow_empty=True)
    return command(request, caller(request), 201, checkin.staff_checkin, tid, pid, body.round)


def _round(request) -> int | None:
    raw = (request.query_params or {}).get("round")
    return None if raw is None else query_int(request, "round", 1, 1, MAX_ROUND)


@json_route(bp, "/tournaments/{tid}/checkin", methods=["GET"])
def checkin_status(tid):
    request = bp.current_request
    return checkin.status(reads(), caller(request), tid, _round(request))


def _qr(tid: str, kind: str) -> Response:
    request = bp.current_request
    content = checkin.qr(reads(), caller(request), tid, _round(request))
    code = segno.make(content, error="m")
    out = io.BytesIO()
    if kind == "svg":
        code.save(out, kind="svg", scale=8, border=4, xmldecl=False)
        return Response(out.getvalue().decode(), status_code=200,
                        headers={"Content-Type": "image/svg+xml", "Cache-Control": "no-store"})
    code.save(out, kind="png", scale=8, border=4)
    return Response(out.getvalue(), status_code=200,
                    headers={"Content-Type": "image/png", "Cache-Control": "no-store"})


@json_route(bp, "/tournaments/{tid}/checkin/qr.svg", methods=["GET"])
def checkin_qr_svg(tid):
    return _qr(tid, "svg")


@json_route(bp, "/tournaments/{tid}/checkin/qr.png", methods=["GET"])
def checkin_qr_png(tid):
    return _qr(tid, "png")
