"""Multiplayer tables (V:EKN 3.1-3.7: seating, results, standings, final seat choice)
and free-for-all pod games (MTG CR 905.3)."""
from __future__ import annotations

from typing import Annotated, Any

from chalice import Blueprint
from pydantic import BaseModel, ConfigDict, Field

from ..application.product_phase import require_product_ready
from ..auth import authenticate, is_staff, require_tournament_staff
from ..domain.draft.tournament import DRAFT
from ..domain.errors import Conflict, Forbidden, Invalid, NotFound
from ..domain.ffa.completion import open_play as ffa_open_play
from ..domain.ffa.decider import FFA, ReportPodGame
from ..domain.tables import commands as c
from ..domain.tables.completion import open_play as tables_open_play
from ..domain.tables.criteria import report
from ..domain.tables.decider import TABLES, admission_problems
from ..domain.tables.final import final_standings
from ..domain.tables.groups import (
    equal_games_plan,
    equal_games_rounds,
    seatable,
    sit_out_plan,
    table_sizes,
)
from ..domain.tables.ranking import standings, totals
from ..projections.tables import ffa_id, index_id, round_id
from ..runtime import runtime
from ..service import Reply
from .common import path_number, plain, require_running, run_command, view_or_404
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


def tables_stream(tid: str) -> str:
    return f"tables-{tid}"


def ffa_stream(tid: str) -> str:
    return f"ffa-{tid}"


def _halves(vp: dict[str, float]) -> dict[str, Any]:
    """VP given in points (1.5) become half points (3); 1.25 stays a float and is refused
    by the domain as not a whole number of half points."""
    return {p: int(v * 2) if float(v * 2).is_integer() else v for p, v in vp.items()}


def _running(tournament, structure: str = "multiplayer-tables") -> None:
    """409 unless the tournament is running and played as ``structure``."""
    require_running(tournament, structure=structure, message="the tournament is not running")


def seating_rules(tournament) -> dict[str, Any]:
    """The tables section, with the multi-deck choice (3.1.5) owned by the deck section."""
    settings = plain(tournament.settings)
    return {**settings.get("tables", {}),
            "multideck": settings.get("deck", {}).get("multi_deck", False)}


def check_admission(uow, tid: str, count: int) -> None:
    """409 ``players_limit`` when a field of ``count`` active players would break the
    no-final (3.1.6) or multi-deck (3.1.5) limit fixed at round 1: a late arrival is
    refused at registration rather than blocking the next seating."""
    state = uow.load(TABLES, tables_stream(tid))     # guarded: a seating races with it
    problems = admission_problems(state, count)
    if problems:
        raise Conflict("cannot admit more players under the settings announced before "
                       "round 1 (V:EKN 3.1.5, 3.1.6)", problems, code="players_limit")


def _active(tournament) -> list[str]:
    return [p.id for p in tournament.active_players()]


def _seating_body(tid: str, state, number: int) -> dict[str, Any]:
    """A round's seating with the violations that remain through it."""
    rnd = state.rounds[number - 1]
    return {"tournament_id": tid, "round": number,
            "tables": [list(t) for t in rnd.tables], "sitting_out": list(rnd.sitting_out),
            "violations": report(state.history()[:number])}


def record_drop(uow, tournament, player: str, loss: bool) -> dict[str, Any] | None:
    """The tables side of a tournament drop, in the drop's unit of work. Seated at a table
    of the current round without a result, the player receives a Loss there (V:EKN 3.1.4)
    or, at the judge's choice (3.3.2, ``loss=False``), leaves a table of five. Returns
    that consequence, or None (a drop before the seating: the next one leaves them out)."""
    stream_id = tables_stream(tournament.id)
    if not uow.load(TABLES, stream_id, guard=False).rounds:
        return None
    _, events = uow.decide(TABLES, stream_id, c.DropPlayer(
        player, loss, tournament.limited, uow.now.isoformat()))
    if not events:
        return None
    d = events[0].data
    return {"round": d["round"], "table": d["table"], "match_id": None,
            "result": "loss" if d["loss"] else "unseated"}


def open_play(uow, tournament) -> list[dict[str, Any]]:
    """The tables (or free-for-all pods) side of a tournament finish, in its unit of
    work: what is left to play (the stream is guarded: a result or a seating committed
    meanwhile re-runs the finish)."""
    tid = tournament.id
    if tournament.structure == "pod-ffa":
        draft = uow.load(DRAFT, f"draft-{tid}")
        return ffa_open_play(uow.load(FFA, ffa_stream(tid)),
                             draft.pods if draft.started else None, _active(tournament))
    return tables_open_play(uow.load(TABLES, tables_stream(tid)), seating_rules(tournament))


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
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    parse_body(bp.current_request, Body, allow_empty=True)

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        _running(tournament)
        if not uow.load(TABLES, tables_stream(tid)).rounds:
            require_product_ready(uow, tournament, "seating the first round")
        settings = seating_rules(tournament)
        state, events = uow.decide(TABLES, tables_stream(tid), c.SeatRound(
            _active(tournament), tournament.seed, settings, uow.now.isoformat()))
        rnd = state.current
        return Reply(201, _seating_body(tid, state, rnd.number),
                     {"Location": link(f"/tournaments/{tid}/tables/rounds/{rnd.number}")})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/tables", methods=["GET"])
def tables_index(tid):
    checked_tid(tid)
    return view_or_404(index_id(tid), "no round has been seated")


@json_route(bp, "/tournaments/{tid}/tables/rounds/{n}", methods=["GET"])
def get_round(tid, n):
    checked_tid(tid)
    return view_or_404(round_id(tid, path_number(n, "round")), f"round {n} has not been seated")


@json_route(bp, "/tournaments/{tid}/tables/rounds/{n}/swap", methods=["POST"])
def swap(tid, n):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, SwapBody)
    number = path_number(n, "round")

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        state, _ = uow.decide(TABLES, tables_stream(tid), c.SwapPlayers(
            number, (body.players[0], body.players[1]), uow.now.isoformat()))
        return Reply(200, _seating_body(tid, state, number))
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/tables/rounds/{n}/tables/{k}/result", methods=["POST"])
def report_table(tid, n, k):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, ResultBody)
    number, table = path_number(n, "round"), path_number(k, "table")

    def work(uow):
        tournament = load_tournament(uow, tid)
        if not is_staff(principal, tournament):
            settings = plain(tournament.settings).get("tables", {})
            current = uow.load(TABLES, tables_stream(tid))
            seated = (principal.role == "player" and principal.tournament_id == tid
                      and 1 <= number <= len(current.rounds)
                      and 1 <= table <= len(current.rounds[number - 1].tables)
                      and principal.player_id in current.rounds[number - 1].tables[table - 1])
            if not (settings.get("players_report") and seated):
                raise Forbidden("only the tournament's staff (or, if the organizer allows "
                                "it, the table's players) may report this result")
        _running(tournament)
        state, events = uow.decide(TABLES, tables_stream(tid), c.ReportTable(
            number, table, _halves(body.vp), uow.now.isoformat()))
        results = events[0].data["results"]
        seats = state.rounds[number - 1].tables[table - 1]
        return Reply(200, {"tournament_id": tid, "round": number, "table": table,
                           "result": [{"player_id": p, **results[p]} for p in seats]})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/tables/standings", methods=["GET"])
def tables_standings(tid):
    rt = runtime()
    tournament = load_tournament(rt, tid)
    state, _ = rt.service.read(TABLES, tables_stream(tid))
    rows = standings(totals(state.scores()), tournament.seed, eligible=_active(tournament))
    final = None
    if state.final_result is not None:
        final = final_standings(state.qualifiers, state.final_result)
    return {"tournament_id": tid, "rounds": len(state.rounds),
            "complete_rounds": sum(1 for r in state.rounds if r.complete),
            "finalists": list(state.qualifiers) or None, "final": final,
            "standings": rows}


# -- final -----------------------------------------------------------------------------

@json_route(bp, "/tournaments/{tid}/tables/final", methods=["POST"])
def start_final(tid):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    parse_body(bp.current_request, Body, allow_empty=True)

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        _running(tournament)
        state, events = uow.decide(TABLES, tables_stream(tid), c.StartFinal(
            _active(tournament), tournament.seed, uow.now.isoformat()))
        return Reply(201, {"tournament_id": tid, "qualifiers": list(state.qualifiers),
                           "next": state.qualifiers[-1]})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/tables/final", methods=["GET"])
def get_final(tid):
    checked_tid(tid)
    doc = view_or_404(index_id(tid), "the final has not started")
    if doc.get("final") is None:
        raise NotFound("the final has not started")
    return {"tournament_id": tid, **doc["final"]}


@json_route(bp, "/tournaments/{tid}/tables/final/cards", methods=["POST"])
def place_card(tid):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, CardBody)

    def work(uow):
        tournament = load_tournament(uow, tid)
        current = uow.load(TABLES, tables_stream(tid))
        if is_staff(principal, tournament):
            # Staff place a card on behalf of the finalist whose turn it is.
            player = body.player_id or (current.qualifiers[len(current.qualifiers) - 1
                                                           - len(current.row)]
                                        if current.qualifiers and
                                        len(current.row) < len(current.qualifiers) else "")
        elif principal.role == "player" and principal.tournament_id == tid:
            if body.player_id not in (None, principal.player_id):
                raise Forbidden("players place only their own card")
            player = principal.player_id
        else:
            raise Forbidden("only the finalists and the tournament's staff may place cards")
        _running(tournament)
        state, events = uow.decide(TABLES, tables_stream(tid), c.PlaceCard(
            player, body.position, tournament.seed, uow.now.isoformat()))
        q = state.qualifiers
        done = len(state.row) == len(q)
        return Reply(200, {"tournament_id": tid, "row": list(state.row),
                           "next": None if done else q[len(q) - 1 - len(state.row)],
                           "seating": list(state.final_seating) if done else None,
                           "first_player": state.first_player})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/tables/final/result", methods=["POST"])
def report_final(tid):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, ResultBody)

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        _running(tournament)
        state, events = uow.decide(TABLES, tables_stream(tid), c.ReportFinal(
            _halves(body.vp), uow.now.isoformat()))
        return Reply(200, {"tournament_id": tid, "standings": events[0].data["standings"]})
    return run_command(bp.current_request, work, principal)


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
        _running(tournament, "pod-ffa")
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
