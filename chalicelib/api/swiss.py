"""Swiss routes: pair rounds, report/confirm/enter/correct results, standings, top cut.
Commands call the use cases in ``application/swiss_rounds.py`` and ``swiss_results.py``;
reads join the projected views (``projections/swiss.py``, ``swiss_matches.py``)."""
from __future__ import annotations

import re

from chalice import Blueprint
from pydantic import BaseModel, ConfigDict, Field

from ..application import swiss_results, swiss_rounds
from ..application.tournament import checked_tid
from ..auth import authenticate
from ..domain import streams
from ..domain.errors import NotFound
from ..projections.swiss import (
    ROUND_PAGE,
    bracket_id,
    merged,
    overview_id,
    round_id,
    round_page_id,
    standings_rows,
)
from ..projections.swiss_matches import match_result_id
from ..projections.tournaments import player_names
from ..runtime import runtime
from ..service import Reply
from .common import run_command, view_or_404
from .http import cursor_at, json_route, next_page, page_param, parse_body, query_int
from .links import link

bp = Blueprint(__name__)
MATCH_ID = re.compile(r"^[RC][0-9]{1,3}-[0-9]{1,5}$")


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


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


def _checked_match(match_id: str) -> str:
    if not MATCH_ID.match(match_id):
        raise NotFound(f"no match {match_id!r}: ids look like R3-12 (Swiss) or C1-2 (top cut)")
    return match_id


# -- commands --------------------------------------------------------------------------

@json_route(bp, "/tournaments/{tid}/swiss/rounds", methods=["POST"])
def pair_round(tid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, PairBody, allow_empty=True)

    def work(uow):
        doc = swiss_rounds.pair_round(uow, principal, tid, body.pods)
        return Reply(201, {**doc, "next": cursor_at(doc["next"])},
                     {"Location": link(f"/tournaments/{tid}/swiss/rounds/{doc['round']}")})
    return run_command(request, work, principal)


@json_route(bp, "/tournaments/{tid}/swiss/matches/{mid}/result", methods=["POST"])
def report_result(tid, mid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, ScoreBody)
    _checked_match(mid)
    return run_command(request, lambda uow: Reply(200, swiss_results.report(
        uow, principal, tid, mid, body.a, body.b, body.draws)), principal)


@json_route(bp, "/tournaments/{tid}/swiss/matches/{mid}/confirm", methods=["POST"])
def confirm_result(tid, mid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    _checked_match(mid)
    return run_command(request, lambda uow: Reply(200, swiss_results.confirm(
        uow, principal, tid, mid)), principal)


@json_route(bp, "/tournaments/{tid}/swiss/matches/{mid}/correction", methods=["POST"])
def correct_result(tid, mid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, CorrectionBody)
    _checked_match(mid)
    return run_command(request, lambda uow: Reply(200, swiss_results.correct(
        uow, principal, tid, mid, body.a, body.b, body.draws, body.reason)), principal)


@json_route(bp, "/tournaments/{tid}/swiss/structure", methods=["POST"])
def set_structure(tid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, StructureBody)
    return run_command(request, lambda uow: Reply(200, swiss_rounds.set_structure(
        uow, principal, tid, body.rounds, body.top_cut)), principal)


@json_route(bp, "/tournaments/{tid}/swiss/top-cut", methods=["POST"])
def start_top_cut(tid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, CutBody, allow_empty=True)
    return run_command(request, lambda uow: Reply(
        201, swiss_rounds.start_top_cut(uow, principal, tid, body.size),
        {"Location": link(f"/tournaments/{tid}/swiss/bracket")}), principal)


# -- public views ------------------------------------------------------------------------

@json_route(bp, "/tournaments/{tid}/swiss", methods=["GET"])
def get_overview(tid):
    rt = runtime()
    doc = view_or_404(overview_id(checked_tid(tid)), "no Swiss round has been paired yet")
    rounds = [
        {k: v for k, v in r.items() if k != "results_in"} |
        ({"results": r["results"] + rt.events.tally(streams.swiss_round_tally(tid, r["round"]))}
         if r.get("results_in") == "match" and not r["closed"] else {})
        for r in doc["rounds"]]
    return {**doc, "rounds": rounds}


@json_route(bp, "/tournaments/{tid}/swiss/rounds/{n}", methods=["GET"])
def get_round(tid, n):
    request = bp.current_request
    checked_tid(tid)
    if not n.isdigit() or len(n) > 3:
        raise NotFound(f"no Swiss round {n!r}")
    views = runtime().views
    header = view_or_404(round_id(tid, int(n)), f"no Swiss round {n}")
    start, limit = page_param(request, ROUND_PAGE, ROUND_PAGE)
    end = min(start + limit, header["total"])
    ids = [round_page_id(tid, int(n), k)
           for k in range(start // ROUND_PAGE, -(-end // ROUND_PAGE))] if end > start else []
    pages = views.get_many(ids)
    entries = [m for i in ids for m in pages[i]["matches"]]
    entries = entries[start - (start // ROUND_PAGE) * ROUND_PAGE:][:end - start]
    own = views.get_many([match_result_id(tid, m["match_id"]) for m in entries]) \
        if not header["closed"] else {}
    matches = [merged(m, own.get(match_result_id(tid, m["match_id"]))) for m in entries]
    shown = [p for m in matches for p in (m["a"], m["b"])] + [header["bye"]]
    internal = {"results_in", "pages"}
    return {**{k: v for k, v in header.items() if k not in internal}, "matches": matches,
            "names": player_names(views, tid, shown),
            "next": next_page(start, limit, header["total"])}


@json_route(bp, "/tournaments/{tid}/swiss/standings", methods=["GET"])
def get_standings(tid):
    request = bp.current_request
    views = runtime().views
    overview = view_or_404(overview_id(checked_tid(tid)), "no Swiss round has been paired yet")
    closed = [r["round"] for r in overview["rounds"] if r["closed"]]
    if not closed:
        raise NotFound("no Swiss round has finished yet")
    number = query_int(request, "round", closed[-1], 1, 30)
    start, limit = page_param(request, 500, 2000)
    header, rows = standings_rows(views, tid, number, start, limit)
    if header is None:
        raise NotFound(f"round {number} has not finished")
    names = player_names(views, tid, [r["player_id"] for r in rows])
    return {"tournament_id": tid, "round": number, "tiebreak_chain": header["tiebreak_chain"],
            "tiebreakers": header["tiebreakers"], "total": header["total"],
            "rows": [{**row, "name": names.get(row["player_id"])} for row in rows],
            "next": next_page(start, limit, header["total"])}


@json_route(bp, "/tournaments/{tid}/swiss/bracket", methods=["GET"])
def get_bracket(tid):
    doc = view_or_404(bracket_id(checked_tid(tid)), "the top cut has not started")
    return {**doc, "names": player_names(runtime().views, tid, doc["seeds"])}
