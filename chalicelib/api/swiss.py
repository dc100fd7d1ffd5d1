"""Swiss routes: pair rounds, report/confirm/enter/correct results, standings, top cut.
Commands call the use cases in ``application/swiss_rounds.py`` and ``swiss_results.py``;
reads join the projected views (``projections/swiss.py``, ``swiss_matches.py``)."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import swiss_results, swiss_rounds, swiss_views
from ..projections.queries.swiss import ROUND_PAGE
from .bodies import Body
from .common import command_route, path_number, reads
from .http import cursor_at, json_route, next_page, page_param, query_int

bp = Blueprint(__name__)


class PairBody(Body):
    pods: dict[str, int] | None = Field(default=None, max_length=20000)


class ScoreBody(Body):
    a: int = Field(ge=0, le=7, description="games won by player a")
    b: int = Field(ge=0, le=7, description="games won by player b")
    draws: int = Field(default=0, ge=0, le=7)


class CorrectionBody(ScoreBody):
    reason: str = Field(min_length=1, max_length=500)


class StructureBody(Body):
    rounds: int | None = Field(default=None, ge=1, le=30)
    top_cut: int | None = Field(default=None, ge=0, le=256)


class CutBody(Body):
    size: int | None = Field(default=None, ge=2, le=256)


# -- commands --------------------------------------------------------------------------

pair_round = command_route(
    bp, "/tournaments/{tid}/swiss/rounds", swiss_rounds.pair_round, 201, PairBody, ("pods",),
    allow_empty=True, document=lambda doc: {**doc, "next": cursor_at(doc["next"])},
    location="/tournaments/{tid}/swiss/rounds/{round}")


report_result = command_route(
    bp, "/tournaments/{tid}/swiss/matches/{mid}/result", swiss_results.report, body=ScoreBody,
    fields=("a", "b", "draws"))


confirm_result = command_route(
    bp, "/tournaments/{tid}/swiss/matches/{mid}/confirm", swiss_results.confirm, 200)


correct_result = command_route(
    bp, "/tournaments/{tid}/swiss/matches/{mid}/correction", swiss_results.correct,
    body=CorrectionBody, fields=("a", "b", "draws", "reason"))


set_structure = command_route(
    bp, "/tournaments/{tid}/swiss/structure", swiss_rounds.set_structure, body=StructureBody,
    fields=("rounds", "top_cut"))


start_top_cut = command_route(
    bp, "/tournaments/{tid}/swiss/top-cut", swiss_rounds.start_top_cut, 201, CutBody, ("size",),
    allow_empty=True, location="/tournaments/{tid}/swiss/bracket")


# -- public views ------------------------------------------------------------------------

@json_route(bp, "/tournaments/{tid}/swiss", methods=["GET"])
def get_overview(tid):
    return swiss_views.overview(reads(), tid)


@json_route(bp, "/tournaments/{tid}/swiss/rounds/{n}", methods=["GET"])
def get_round(tid, n):
    start, limit = page_param(bp.current_request, ROUND_PAGE, ROUND_PAGE)
    doc = swiss_views.round_page(reads(), tid, path_number(n, "Swiss round"), start, limit)
    return {**doc, "next": next_page(start, limit, doc["total"])}


@json_route(bp, "/tournaments/{tid}/swiss/standings", methods=["GET"])
def get_standings(tid):
    request = bp.current_request
    number = query_int(request, "round", None, 1, 30)
    start, limit = page_param(request, 500, 2000)
    doc = swiss_views.standings(reads(), tid, number, start, limit)
    return {**doc, "next": next_page(start, limit, doc["total"])}


@json_route(bp, "/tournaments/{tid}/swiss/bracket", methods=["GET"])
def get_bracket(tid):
    return swiss_views.bracket(reads(), tid)
