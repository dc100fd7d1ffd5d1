"""Multiplayer tables (V:EKN 3.1-3.7: seating, results, standings, final seat choice)
and free-for-all pod games (MTG CR 905.3)."""
from __future__ import annotations

from typing import Annotated, Any

from chalice import Blueprint
from pydantic import BaseModel, ConfigDict, Field

from ..application import tables
from ..application.product_phase import require_product_ready
from ..auth import authenticate, require_tournament_staff
from ..domain import streams
from ..domain.draft.tournament import DRAFT
from ..domain.errors import Invalid, NotFound
from ..domain.ffa.completion import open_play as ffa_open_play
from ..domain.ffa.decider import FFA, ReportPodGame
from ..domain.tables.groups import (
    equal_games_plan,
    equal_games_rounds,
    seatable,
    sit_out_plan,
    table_sizes,
)
from ..domain.tables.ranking import standings, totals
from ..projections.tables import ffa_id, full_round, index_id
from ..runtime import runtime
from ..service import Reply
from .common import path_number, require_running, run_command, view_or_404
from .http import json_route, parse_body, query_int
from .links import link
from .tournaments import checked_tid, load_tournament

bp = Blueprint(__name__)

PlayerId = Annotated[str, Field(pattern=r"^p[0-9a-f]{10}$")]
VP = Annotated[float, Field(ge=-100, le=100, allow_inf_nan=False)]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True, strict=False)


class SwapBody(Body):
    players: list[PlayerId] = Field(min_length=2, max_length=2)


class ResultBody(Body):
    vp: dict[PlayerId, VP] = Field(min_length=1, max_length=5)


class CardBody(Body):
    position: int = Field(ge=0, le=4)
    player_id: PlayerId | None = None


class PodResultBody(Body):
    winner: PlayerId
    eliminated: list[PlayerId] = Field(min_length=1, max_length=31)


def ffa_stream(tid: str) -> str:
    return f"ffa-{tid}"


def _halves(vp: dict[str, float]) -> dict[str, Any]:
    """VP given in points (1.5) become half points (3); 1.25 stays a float and is refused
    by the domain as not a whole number of half points."""
    return {p: int(v * 2) if float(v * 2).is_integer() else v for p, v in vp.items()}


def _active(tournament) -> list[str]:
    return [p.id for p in tournament.active_players()]


def open_play(uow, tournament) -> list[dict[str, Any]]:
    """The tables (or free-for-all pods) side of a tournament finish, in its unit of
    work: what is left to play (the stream is guarded: a result or a seating committed
    meanwhile re-runs the finish)."""
    tid = tournament.id
    if tournament.structure == "pod-ffa":
        draft = uow.load(DRAFT, f"draft-{tid}")
        return ffa_open_play(uow.load(FFA, ffa_stream(tid)),
                             draft.pods if draft.started else None, _active(tournament))
    return tables.open_play(uow, tournament)


# -- group sizes -----------------------------------------------------------------------

@json_route(bp, "/tables/plan", methods=["GET"])
def plan():
    """Table sizes for a player count and, for 6, 7 and 11, the sit-out schedule."""
    request = bp.current_request
    players = query_int(request, "players", 0, 4, 5000)
    rounds = query_int(request, "rounds", 3, 1, 12)
    if players == 0:
        raise Invalid("the players query parameter is required", code="invalid_query")
    schedule = sit_out_plan(players, rounds)
    return {"players": players, "rounds": rounds, "seatable": seatable(players),
            "table_sizes": table_sizes(players) if seatable(players) else None,
            "games_per_player": sum(schedule) // players
            if equal_games_plan(players, rounds) is not None else None,
            "equal_games": equal_games_plan(players, rounds) is not None,
            "equal_games_rounds": equal_games_rounds(players),
            "plan": [{"round": r, "playing": p, "sitting_out": players - p,
                      "tables": table_sizes(p)} for r, p in enumerate(schedule, start=1)]}


# -- preliminary rounds ----------------------------------------------------------------

@json_route(bp, "/tournaments/{tid}/tables/rounds", methods=["POST"])
def seat_round(tid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    parse_body(request, Body, allow_empty=True)

    def work(uow):
        doc = tables.seat_round(uow, principal, tid)
        where = link(f"/tournaments/{tid}/tables/rounds/{doc['round']}")
        return Reply(201, doc, {"Location": where})
    return run_command(request, work, principal)


@json_route(bp, "/tournaments/{tid}/tables", methods=["GET"])
def tables_index(tid):
    checked_tid(tid)
    rt = runtime()
    doc = view_or_404(index_id(tid), "no round has been seated")
    rounds = []
    for r in doc["rounds"]:
        entry = {k: v for k, v in r.items() if k != "per_table"}
        if r.get("per_table"):
            entry["reported"] = rt.events.tally(streams.tables_round_tally(tid, r["round"]))
        rounds.append(entry)
    return {**doc, "rounds": rounds}


@json_route(bp, "/tournaments/{tid}/tables/rounds/{n}", methods=["GET"])
def get_round(tid, n):
    checked_tid(tid)
    doc = full_round(runtime().views, tid, path_number(n, "round"))
    if doc is None:
        raise NotFound(f"round {n} has not been seated")
    return doc


@json_route(bp, "/tournaments/{tid}/tables/rounds/{n}/swap", methods=["POST"])
def swap(tid, n):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, SwapBody)
    number = path_number(n, "round")
    return run_command(request, lambda uow: Reply(200, tables.swap(
        uow, principal, tid, number, (body.players[0], body.players[1]))), principal)


@json_route(bp, "/tournaments/{tid}/tables/rounds/{n}/tables/{k}/result", methods=["POST"])
def report_table(tid, n, k):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, ResultBody)
    number, table = path_number(n, "round"), path_number(k, "table")
    return run_command(request, lambda uow: Reply(200, tables.report(
        uow, principal, tid, number, table, _halves(body.vp))), principal)


@json_route(bp, "/tournaments/{tid}/tables/standings", methods=["GET"])
def tables_standings(tid):
    rt = runtime()
    tournament = load_tournament(rt, tid)
    index = rt.views.get(index_id(tid)) or {"rounds": [], "final": None}
    results, complete = [], 0
    for entry in index["rounds"]:
        doc = full_round(rt.views, tid, entry["round"]) or {"tables": []}
        reported = [t["result"] for t in doc["tables"] if t["result"] is not None]
        complete += len(reported) == len(doc["tables"])
        results += [{row["player_id"]: row for row in result} for result in reported]
    rows = standings(totals(results), tournament.seed, eligible=_active(tournament))
    final = index.get("final") or {}
    return {"tournament_id": tid, "rounds": len(index["rounds"]), "complete_rounds": complete,
            "finalists": final.get("qualifiers") or None, "final": final.get("result"),
            "standings": rows}


# -- final -----------------------------------------------------------------------------

@json_route(bp, "/tournaments/{tid}/tables/final", methods=["POST"])
def start_final(tid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    parse_body(request, Body, allow_empty=True)
    return run_command(request, lambda uow: Reply(201, tables.start_final(
        uow, principal, tid)), principal)


@json_route(bp, "/tournaments/{tid}/tables/final", methods=["GET"])
def get_final(tid):
    checked_tid(tid)
    doc = view_or_404(index_id(tid), "the final has not started")
    if doc.get("final") is None:
        raise NotFound("the final has not started")
    return {"tournament_id": tid, **doc["final"]}


@json_route(bp, "/tournaments/{tid}/tables/final/cards", methods=["POST"])
def place_card(tid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, CardBody)
    return run_command(request, lambda uow: Reply(200, tables.place_card(
        uow, principal, tid, body.position, body.player_id)), principal)


@json_route(bp, "/tournaments/{tid}/tables/final/result", methods=["POST"])
def report_final(tid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, ResultBody)
    return run_command(request, lambda uow: Reply(200, tables.report_final(
        uow, principal, tid, _halves(body.vp))), principal)


# -- free-for-all pods -----------------------------------------------------------------

@json_route(bp, "/tournaments/{tid}/ffa/pods/{pod}/result", methods=["POST"])
def report_pod(tid, pod):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, PodResultBody)
    number = path_number(pod, "pod")

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        require_running(tournament, structure="pod-ffa",
                        message="the tournament is not running")
        if not uow.load(FFA, ffa_stream(tid)).pods:
            require_product_ready(uow, tournament, "reporting the first pod game")
        draft = uow.load(DRAFT, f"draft-{tid}", guard=False)
        pod_players = None
        if draft.started:
            if number > len(draft.pods):
                raise NotFound(f"no pod {number}", {"pods": len(draft.pods)})
            pod_players = list(draft.pods[number - 1])
        all_players = [p.id for p in tournament.in_order()]
        state, events = uow.decide(FFA, ffa_stream(tid), ReportPodGame(
            number, body.winner, list(body.eliminated), pod_players, all_players,
            uow.now.isoformat()))
        return Reply(200, {"tournament_id": tid, "pod": number,
                           "places": events[0].data["places"]})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/ffa", methods=["GET"])
def ffa_results(tid):
    checked_tid(tid)
    return view_or_404(ffa_id(tid), "no pod game has been reported")
