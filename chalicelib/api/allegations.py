"""Cheating allegations over HTTP (V:EKN 5.1): a judge reports one, the head judge
decides it. Use cases: ``application/allegations.py``."""
from __future__ import annotations

from typing import Literal

from chalice import Blueprint
from pydantic import Field

from ..application import allegations
from .bodies import Body
from .common import caller, command, reads
from .http import json_route, parse_body

bp = Blueprint(__name__)


class AllegationBody(Body):
    player_id: str = Field(pattern=r"^p[0-9a-f]{10}$")
    statement: str = Field(min_length=1, max_length=1000)
    round: int | None = Field(default=None, ge=1, le=9999)


class AllegationDecisionBody(Body):
    decision: Literal["penalized", "dismissed"]
    note: str = Field(default="", max_length=1000)
    kind: Literal["warning", "game_loss", "match_loss", "disqualification"] | None = None


@json_route(bp, "/tournaments/{tid}/allegations", methods=["POST"])
def report_cheating(tid):
    request = bp.current_request
    principal = caller(request)
    body = parse_body(request, AllegationBody)
    return command(request, principal, 201, allegations.report, tid, body.player_id,
                   body.statement, body.round)


@json_route(bp, "/tournaments/{tid}/allegations", methods=["GET"])
def list_allegations(tid):
    return allegations.listing(reads(), caller(bp.current_request), tid)


@json_route(bp, "/tournaments/{tid}/allegations/{aid}/decision", methods=["POST"])
def decide_allegation(tid, aid):
    request = bp.current_request
    principal = caller(request)
    body = parse_body(request, AllegationDecisionBody)
    return command(request, principal, 200, allegations.decide, tid, aid, body.decision,
                   body.note, body.kind)
