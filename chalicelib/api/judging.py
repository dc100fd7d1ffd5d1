"""Judges' records over HTTP (V:EKN 2.5-2.9, 3.3, 5): the head judge and the Multi-Judge
System, penalties (a player's own, the staff's list), appeals to the head judge, each
table's ruling judge, the round start, presence and tardiness. The use cases are in
``application/judging.py``."""
from __future__ import annotations

import re
from datetime import UTC
from typing import Literal

from chalice import Blueprint
from pydantic import AwareDatetime, Field

from ..application import disqualification_review, judging
from ..domain import judging as j
from .bodies import Body, PlayerId
from .common import caller, command, command_route, path_number, reads
from .http import (
    ApiError,
    cursor_param,
    json_route,
    next_cursor,
    parse_body,
    query_int,
    query_param,
)

bp = Blueprint(__name__)

OfficialId = Field(pattern=r"^[a-z][0-9a-f]{10,12}$", max_length=13)
PENALTY_ID = r"pen[0-9a-f]{12}"
PLAYER_ID = r"^p[0-9a-f]{10}$"


class OfficialBody(Body):
    judge_id: str = OfficialId
    player_id: str | None = Field(default=None, pattern=PLAYER_ID)


class OfficialsBody(Body):
    head_judge: str = OfficialId
    multi_judge: list[OfficialBody] = Field(default_factory=list, max_length=6)


class PenaltyBody(Body):
    player_id: str = PlayerId
    kind: Literal[j.KINDS]   # type: ignore[valid-type]
    reason: str = Field(min_length=1, max_length=500)
    infraction: Literal[j.INFRACTIONS] = "other"   # type: ignore[valid-type]
    round: int | None = Field(default=None, ge=1, le=9999)


class AppealBody(Body):
    statement: str = Field(min_length=1, max_length=1000)


class DecisionBody(Body):
    decision: Literal[j.DECISIONS]   # type: ignore[valid-type]
    note: str = Field(min_length=1, max_length=1000)


class StartBody(Body):
    starts_at: AwareDatetime | None = None


class PresentBody(Body):
    player_id: str | None = Field(default=None, pattern=PLAYER_ID)


class TardyBody(Body):
    player_id: str = PlayerId


def _penalty_id(raw: str) -> str:
    if not re.fullmatch(PENALTY_ID, raw):
        raise ApiError(404, "penalty_not_found", f"no penalty {raw!r}")
    return raw


def _paged(doc: dict) -> dict:
    return {**doc, "next": next_cursor(doc["next"])}


# -- officials --------------------------------------------------------------------------

@json_route(bp, "/tournaments/{tid}/judging/officials", methods=["POST"])
def name_officials(tid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, OfficialsBody)
    return command(request, principal, 200, judging.name_officials, tid, body.head_judge,
                   [o.model_dump() for o in body.multi_judge])


@json_route(bp, "/tournaments/{tid}/judging/officials", methods=["GET"])
def get_officials(tid):
    return judging.officials(reads(), tid)


# -- penalties --------------------------------------------------------------------------

give_penalty = command_route(
    bp, "/tournaments/{tid}/penalties", judging.give_penalty, 201, PenaltyBody,
    ("player_id", "kind", "reason", "infraction", "round"),
    location="/tournaments/{tid}/penalties/{penalty_id}")


@json_route(bp, "/tournaments/{tid}/penalties", methods=["GET"])
def list_penalties(tid):
    request = bp.current_request
    player = query_param(request, "player_id", pattern=r"p[0-9a-f]{10}")
    return _paged(judging.penalties(reads(), caller(request), tid, player,
                                    cursor_param(request), query_int(request, "limit", 100,
                                                                     1, 500)))


@json_route(bp, "/tournaments/{tid}/penalties/me", methods=["GET"])
def my_penalties(tid):
    request = bp.current_request
    return _paged(judging.my_penalties(reads(), caller(request), tid, cursor_param(request),
                                       query_int(request, "limit", 100, 1, 500)))


@json_route(bp, "/tournaments/{tid}/penalties/{pid}", methods=["GET"])
def get_penalty(tid, pid):
    return judging.penalty(reads(), caller(bp.current_request), tid, _penalty_id(pid))


@json_route(bp, "/tournaments/{tid}/penalties/{pid}/appeal", methods=["POST"])
def file_appeal(tid, pid):
    # a disqualified player appeals with the token their drop left read-only (V:EKN 2.7)
    request, principal = bp.current_request, caller(bp.current_request, dropped_ok=True)
    body = parse_body(request, AppealBody)
    return command(request, principal, 201, judging.file_appeal, tid, _penalty_id(pid),
                   body.statement)


@json_route(bp, "/tournaments/{tid}/penalties/{pid}/appeal/decision", methods=["POST"])
def decide_appeal(tid, pid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, DecisionBody)
    return command(request, principal, 200, judging.decide_appeal, tid, _penalty_id(pid),
                   body.decision, body.note)


@json_route(bp, "/tournaments/{tid}/penalties/{pid}/review", methods=["POST"])
def review_disqualification(tid, pid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, DecisionBody)
    return command(request, principal, 200, disqualification_review.review, tid,
                   _penalty_id(pid), body.decision, body.note)


# -- rounds: the ruling judges, the start, presence and tardiness -----------------------

@json_route(bp, "/tournaments/{tid}/rounds/{n}/judges", methods=["GET"])
def round_judges(tid, n):
    return judging.round_judges(reads(), tid, path_number(n, "round"))


@json_route(bp, "/tournaments/{tid}/rounds/{n}/start", methods=["POST"])
def announce_start(tid, n):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, StartBody, allow_empty=True)
    starts = body.starts_at.astimezone(UTC).isoformat() if body.starts_at else None
    return command(request, principal, 200, judging.announce_start, tid,
                   path_number(n, "round"), starts)


mark_present = command_route(
    bp, "/tournaments/{tid}/rounds/{n}/present", judging.mark_present, body=PresentBody,
    fields=("player_id",), allow_empty=True, numbers={"n": "round"})


@json_route(bp, "/tournaments/{tid}/rounds/{n}/tardy", methods=["GET"])
def get_tardy(tid, n):
    rs = reads()
    return judging.tardy(rs, caller(bp.current_request), tid, path_number(n, "round"),
                         rs.service.clock().isoformat())


record_tardy = command_route(
    bp, "/tournaments/{tid}/rounds/{n}/tardy", judging.record_tardy, 201, body=TardyBody,
    fields=("player_id",), numbers={"n": "round"})
