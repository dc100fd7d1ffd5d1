"""Multiplayer tables (V:EKN 3.1-3.7: seating, results, standings, final seat choice)
and free-for-all pod games (MTG CR 905.3) over HTTP. The use cases are in
``application/tables.py``, ``ffa.py`` and, for the reads, ``tables_views.py``."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from chalice import Blueprint
from pydantic import Field, model_validator

from ..application import ffa, table_endings, tables, tables_views
from .bodies import Body
from .common import caller, command, command_route, path_number, reads
from .http import json_route, parse_body, query_int

bp = Blueprint(__name__)

PlayerId = Annotated[str, Field(pattern=r"^p[0-9a-f]{10}$")]
VP = Annotated[float, Field(ge=-100, le=100, allow_inf_nan=False)]


class SwapBody(Body):
    players: list[PlayerId] = Field(min_length=2, max_length=2)


VP_DESCRIPTION = "player id -> victory points, a multiple of 0.5"


class FinalResultBody(Body):
    vp: dict[PlayerId, VP] = Field(min_length=1, max_length=5, description=VP_DESCRIPTION)


class TableResultBody(Body):
    """A table's VP, or how its game ended (V:EKN 3.5, 3.6, 3.7.2): the ousts in
    sequence and the end (``domain/tables/ousts.py``)."""
    vp: dict[PlayerId, VP] | None = Field(default=None, min_length=1, max_length=5,
                                          description=VP_DESCRIPTION + " (or give end)")
    ousts: list[PlayerId] | None = Field(
        default=None, max_length=4, description="with end: the players ousted, in order")
    end: Literal["played_out", "time_out", "intentional_draw", "concession"] | None = None
    conceded_to: PlayerId | None = Field(
        default=None,
        description="concession only: the player the others conceded to (V:EKN 3.5)")

    @model_validator(mode="after")
    def _one_way(self) -> TableResultBody:
        if (self.vp is None) == (self.end is None):
            raise ValueError("give either vp or end (with ousts)")
        if self.vp is not None and (self.ousts is not None or self.conceded_to is not None):
            raise ValueError("ousts and conceded_to go with end, not with vp")
        return self


class PlaceFinalCardBody(Body):
    position: int = Field(ge=0, le=4)
    player_id: PlayerId | None = None


class PodResultBody(Body):
    winner: PlayerId
    eliminated: list[PlayerId] = Field(min_length=1, max_length=31)


def _halves(vp: dict[str, float]) -> dict[str, Any]:
    """VP given in points (1.5) become half points (3); 1.25 stays a float and is refused
    by the domain as not a whole number of half points."""
    return {p: int(v * 2) if float(v * 2).is_integer() else v for p, v in vp.items()}


# -- group sizes -----------------------------------------------------------------------

@json_route(bp, "/tables/plan", methods=["GET"])
def plan():
    """Table sizes for a player count and, for 6, 7 and 11, the sit-out schedule."""
    request = bp.current_request
    return tables_views.plan(query_int(request, "players", None, 4, 5000),
                             query_int(request, "rounds", 3, 1, 12))


# -- preliminary rounds ----------------------------------------------------------------

seat_round = command_route(
    bp, "/tournaments/{tid}/tables/rounds", tables.seat_round, 201, Body, (), allow_empty=True,
    location="/tournaments/{tid}/tables/rounds/{round}")


@json_route(bp, "/tournaments/{tid}/tables", methods=["GET"])
def tables_index(tid):
    return tables_views.index(reads(), tid)


@json_route(bp, "/tournaments/{tid}/tables/rounds/{n}", methods=["GET"])
def get_round(tid, n):
    return tables_views.seated_round(reads(), tid, path_number(n, "round"))


@json_route(bp, "/tournaments/{tid}/tables/rounds/{n}/swap", methods=["POST"])
def swap(tid, n):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, SwapBody)
    return command(request, principal, 200, tables.swap, tid, path_number(n, "round"),
                   (body.players[0], body.players[1]))


@json_route(bp, "/tournaments/{tid}/tables/rounds/{n}/tables/{k}/result", methods=["POST"])
def report_table(tid, n, k):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, TableResultBody)
    number, table = path_number(n, "round"), path_number(k, "table")
    if body.end is not None:
        return command(request, principal, 200, table_endings.report_ending, tid, number,
                       table, list(body.ousts or []), body.end, body.conceded_to)
    return command(request, principal, 200, tables.report, tid, number, table,
                   _halves(body.vp))


@json_route(bp, "/tournaments/{tid}/tables/standings", methods=["GET"])
def tables_standings(tid):
    return tables_views.standings(reads(), tid)


# -- final -----------------------------------------------------------------------------

start_final = command_route(
    bp, "/tournaments/{tid}/tables/final", tables.start_final, 201, Body, (), allow_empty=True)


@json_route(bp, "/tournaments/{tid}/tables/final", methods=["GET"])
def get_final(tid):
    return tables_views.final(reads(), tid)


place_card = command_route(
    bp, "/tournaments/{tid}/tables/final/cards", tables.place_card, body=PlaceFinalCardBody,
    fields=("position", "player_id"))


@json_route(bp, "/tournaments/{tid}/tables/final/result", methods=["POST"])
def report_final(tid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, FinalResultBody)
    return command(request, principal, 200, tables.report_final, tid, _halves(body.vp))


# -- free-for-all pods -----------------------------------------------------------------

report_pod = command_route(
    bp, "/tournaments/{tid}/ffa/pods/{pod}/result", ffa.report_pod, body=PodResultBody,
    fields=("winner", "eliminated"), numbers={"pod": "pod"})


@json_route(bp, "/tournaments/{tid}/ffa", methods=["GET"])
def ffa_results(tid):
    return tables_views.ffa_results(reads(), tid)
