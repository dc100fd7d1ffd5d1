"""Swiss routes: pair rounds, report/confirm/enter/correct results, standings, top cut."""
from __future__ import annotations

import re
from typing import Any

from chalice import Blueprint
from pydantic import BaseModel, ConfigDict, Field

from ..auth import authenticate, require_player, require_tournament_staff
from ..auth.principal import is_staff
from ..domain import swiss as sw
from ..domain.draft.tournament import DRAFT
from ..domain.errors import Conflict, Forbidden, NotFound
from ..domain.swiss.completion import open_play as swiss_open_play
from ..domain.swiss.decide_results import best_of_for, locate
from ..domain.swiss.state import SwissState, parse_match_id
from ..projections.swiss import bracket_id, overview_id, round_id, standings_id
from ..projections.tournaments import players_id
from ..runtime import runtime
from ..service import Reply
from .common import plain, read_state, run_command, view_or_404
from .draft import draft_stream
from .http import json_route, parse_body, query_int
from .product_phase import require_product_ready
from .tournaments import checked_tid, load_tournament

bp = Blueprint(__name__)
MATCH_ID = re.compile(r"^[RC][0-9]{1,3}-[0-9]{1,5}$")
PlayerId = Field(min_length=1, max_length=40)


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


def stream(tid: str) -> str:
    return f"swiss-{tid}"


def _swiss_tournament(uow, tid: str, guard: bool):
    t = load_tournament(uow, tid, guard=guard)
    if t.structure != "swiss":
        raise Conflict(f"this tournament is played as {t.structure}, not Swiss")
    if t.status != "running":
        raise Conflict(f"the tournament is {t.status}; Swiss play needs a running tournament")
    return t


# -- replies built from the new state (same shapes as the projected views) --------------

def _match_body(state: SwissState, match_id: str) -> dict[str, Any]:
    match, holder = locate(state, match_id)
    score = holder.results.get(match.id)
    pending = holder.pending.get(match.id)
    best_of, _ = best_of_for(state, match, holder)
    status = ("final" if score else "reported" if pending else
              "open" if match.a and match.b else "waiting")
    return {"match_id": match.id, "round": match.round, "table": match.table,
            "a": match.a, "b": match.b, "best_of": best_of, "status": status,
            "score": score.as_dict() if score else None,
            "reported": {"by": pending.reported_by, "score": pending.score.as_dict()}
            if pending else None, "corrected": match.id in holder.corrected,
            "loss_by_drop": holder.drop_losses.get(match.id)}


def _round_body(tid: str, state: SwissState, number: int, events: list) -> dict[str, Any]:
    rnd = state.rounds[number - 1]
    paired = next(e for e in events if e.type == "RoundPaired").data
    return {"tournament_id": tid, "round": number, "closed": rnd.closed,
            "ends_at": rnd.ends_at, "bye": rnd.bye,
            "pairing": {"method": paired["method"], "quality": paired["quality"]},
            "matches": [_match_body(state, m.id) for m in rnd.matches]}


def _cut_body(tid: str, state: SwissState) -> dict[str, Any]:
    cut = state.cut
    return {"tournament_id": tid, "size": cut.size, "seeds": list(cut.seeds),
            "champion": cut.champion,
            "rounds": [{"round": r, "best_of": best_of_for(state, matches[0], cut)[0],
                        "matches": [_match_body(state, m.id) for m in matches]}
                       for r, matches in enumerate(cut.rounds, start=1)]}


# -- commands --------------------------------------------------------------------------

@json_route(bp, "/tournaments/{tid}/swiss/rounds", methods=["POST"])
def pair_round(tid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, PairBody, allow_empty=True)

    def work(uow):
        t = _swiss_tournament(uow, tid, guard=True)
        require_tournament_staff(principal, t)
        if not uow.load(sw.SWISS, stream(tid)).rounds:
            require_product_ready(uow, t, "pairing the first Swiss round")
        unknown = sorted(set(body.pods or {}) - set(t.players))
        if unknown:
            raise NotFound("pods name players who are not registered", {"players": unknown[:50]})
        players = [p.id for p in t.active_players()]
        settings = plain(t.settings["swiss"])
        pods = body.pods
        if settings.get("pair_within_pods"):
            pods = {**draft_pods(uow, tid, players, body.pods or {}), **(body.pods or {})}
        state, events = uow.decide(sw.SWISS, stream(tid), sw.PairRound(
            t.seed, settings, players, uow.now.isoformat(), principal.id, pods or None))
        number = len(state.rounds)
        return Reply(201, _round_body(tid, state, number, events),
                     {"Location": f"/v1/tournaments/{tid}/swiss/rounds/{number}"})
    return run_command(bp.current_request, work, principal)


def draft_pods(uow, tid: str, players: list[str], given: dict[str, int]) -> dict[str, int]:
    """Pods from the booster draft for the players who have none yet (neither given in
    the request nor remembered by the Swiss stream): the draft's pod number, and pod 0
    (a group of their own) for late arrivals who received sealed product instead."""
    known = read_state(uow, sw.SWISS, stream(tid)).pods
    draft = read_state(uow, DRAFT, draft_stream(tid))
    if not draft.started:
        return {}
    pods = {}
    for p in players:
        if p in given or p in known:
            continue
        if p in draft.pod_of:
            pods[p] = draft.pod_of[p]
        elif p in draft.late:
            pods[p] = 0
    return pods


def record_drop(uow, tid: str, player: str, by: str) -> dict[str, Any] | None:
    """The Swiss side of a tournament drop, in the drop's unit of work: the player is not
    paired again, and a match of theirs already paired without a final result is a loss
    (MTR). Returns that loss, or None (a drop between rounds, or before round 1)."""
    state = uow.load(sw.SWISS, stream(tid), guard=False)
    if not state.started or player not in state.joined or player in state.dropped:
        return None     # never paired: the next pairing leaves them out
    _, events = uow.decide(sw.SWISS, stream(tid),
                           sw.DropPlayer(player, by, uow.now.isoformat()))
    loss = next((e.data for e in events if e.data.get("loss_by_drop")), None)
    if loss is None:
        return None
    _, number, _ = parse_match_id(loss["match"])
    return {"round": number, "table": None, "match_id": loss["match"], "result": "loss"}


def open_play(uow, tournament) -> list[dict[str, Any]]:
    """The Swiss side of a tournament finish, in its unit of work: what is left to play
    (the Swiss stream is guarded: a result entered meanwhile re-runs the finish)."""
    state = uow.load(sw.SWISS, stream(tournament.id))
    return swiss_open_play(state, plain(tournament.settings["swiss"]),
                           len(tournament.active_players()))


def _checked_match(match_id: str) -> str:
    if not MATCH_ID.match(match_id):
        raise NotFound(f"no match {match_id!r}: ids look like R3-12 (Swiss) or C1-2 (top cut)")
    return match_id


@json_route(bp, "/tournaments/{tid}/swiss/matches/{mid}/result", methods=["POST"])
def report_result(tid, mid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, ScoreBody)
    _checked_match(mid)

    def work(uow):
        t = _swiss_tournament(uow, tid, guard=False)
        now = uow.now.isoformat()
        if principal.role == "player":
            require_player(principal, t, principal.player_id or "")
            command = sw.ReportResult(mid, principal.player_id, body.a, body.b, now, body.draws)
        elif is_staff(principal, t):
            command = sw.EnterResult(mid, principal.id, body.a, body.b, now, body.draws)
        else:
            raise Forbidden("players report their own matches; judges enter any result")
        state, _ = uow.decide(sw.SWISS, stream(tid), command)
        return Reply(200, _match_body(state, mid))
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/swiss/matches/{mid}/confirm", methods=["POST"])
def confirm_result(tid, mid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    _checked_match(mid)

    def work(uow):
        t = _swiss_tournament(uow, tid, guard=False)
        if principal.role != "player":
            raise Forbidden("the opponent confirms a reported result; judges enter results")
        require_player(principal, t, principal.player_id or "")
        state, _ = uow.decide(sw.SWISS, stream(tid), sw.ConfirmResult(
            mid, principal.player_id, uow.now.isoformat()))
        return Reply(200, _match_body(state, mid))
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/swiss/matches/{mid}/correction", methods=["POST"])
def correct_result(tid, mid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, CorrectionBody)
    _checked_match(mid)

    def work(uow):
        t = _swiss_tournament(uow, tid, guard=False)
        require_tournament_staff(principal, t)
        state, _ = uow.decide(sw.SWISS, stream(tid), sw.CorrectResult(
            mid, principal.id, body.a, body.b, uow.now.isoformat(), body.draws, body.reason))
        return Reply(200, _match_body(state, mid))
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/swiss/structure", methods=["POST"])
def set_structure(tid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, StructureBody)

    def work(uow):
        t = _swiss_tournament(uow, tid, guard=False)
        require_tournament_staff(principal, t, organizer_only=True)
        state, _ = uow.decide(sw.SWISS, stream(tid), sw.SetStructure(
            principal.id, uow.now.isoformat(), body.rounds, body.top_cut))
        return Reply(200, {"tournament_id": tid,
                           "rounds": state.planned_rounds if state.started else state.fixed_rounds,
                           "top_cut": state.planned_cut if state.started else state.fixed_cut,
                           "rounds_paired": len(state.rounds)})
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/swiss/top-cut", methods=["POST"])
def start_top_cut(tid):
    request = bp.current_request
    principal = authenticate(request, runtime())
    body = parse_body(request, CutBody, allow_empty=True)

    def work(uow):
        t = _swiss_tournament(uow, tid, guard=False)
        require_tournament_staff(principal, t)
        state, _ = uow.decide(sw.SWISS, stream(tid), sw.StartTopCut(
            principal.id, uow.now.isoformat(), body.size))
        return Reply(201, _cut_body(tid, state),
                     {"Location": f"/v1/tournaments/{tid}/swiss/bracket"})
    return run_command(bp.current_request, work, principal)


# -- public views ------------------------------------------------------------------------

def _names(tid: str) -> dict[str, str]:
    view = runtime().views.get(players_id(tid)) or {"players": []}
    return {p["player_id"]: p["name"] for p in view["players"]}


@json_route(bp, "/tournaments/{tid}/swiss", methods=["GET"])
def get_overview(tid):
    return view_or_404(overview_id(checked_tid(tid)), "no Swiss round has been paired yet")


@json_route(bp, "/tournaments/{tid}/swiss/rounds/{n}", methods=["GET"])
def get_round(tid, n):
    checked_tid(tid)
    if not n.isdigit():
        raise NotFound(f"no round {n!r}")
    doc = view_or_404(round_id(tid, int(n)), f"no Swiss round {n}")
    names = _names(tid)
    return {**doc, "names": {p: names.get(p) for m in doc["matches"]
                             for p in (m["a"], m["b"]) if p} |
            ({doc["bye"]: names.get(doc["bye"])} if doc["bye"] else {})}


@json_route(bp, "/tournaments/{tid}/swiss/standings", methods=["GET"])
def get_standings(tid):
    request = bp.current_request
    overview = view_or_404(overview_id(checked_tid(tid)), "no Swiss round has been paired yet")
    closed = [r["round"] for r in overview["rounds"] if r["closed"]]
    if not closed:
        raise NotFound("no Swiss round has finished yet")
    number = query_int(request, "round", closed[-1], 1, 30)
    offset = query_int(request, "offset", 0, 0, 100_000)
    limit = query_int(request, "limit", 500, 1, 5000)
    doc = view_or_404(standings_id(tid, number), f"round {number} has not finished")
    names = _names(tid)
    rows = [{**row, "name": names.get(row["player_id"])}
            for row in doc["rows"][offset:offset + limit]]
    return {"tournament_id": tid, "round": number, "tiebreak_chain": doc["tiebreak_chain"],
            "tiebreakers": doc["tiebreakers"],
            "total": len(doc["rows"]), "offset": offset, "rows": rows}


@json_route(bp, "/tournaments/{tid}/swiss/bracket", methods=["GET"])
def get_bracket(tid):
    doc = view_or_404(bracket_id(checked_tid(tid)), "the top cut has not started")
    names = _names(tid)
    return {**doc, "names": {p: names.get(p) for p in doc["seeds"]}}
