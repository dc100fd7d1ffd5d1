"""Swiss rounds: pair the next round (within the draft's pods when the profile says so),
fix the structure, cut to the top players, and say what is left to play at the finish.
Each first closes the current round if its last result is in but it did not close."""
from __future__ import annotations

from typing import Any

from ..auth import Principal, require_tournament_staff
from ..domain.draft.aggregate import DRAFT
from ..domain.errors import NotFound
from ..domain.swiss import SWISS, PairRound, SetStructure, StartTopCut, SwissState
from ..domain.swiss.completion import open_play as swiss_open_play
from ..domain.swiss.decide_results import best_of_for, facts_of, record_of
from ..domain.swiss.documents import match_document
from ..domain.swiss.match_result import MatchRecord
from ..domain.tournament import TournamentState
from ..service import UnitOfWork
from . import tournament
from .product_phase import require_product_ready
from .swiss_results import close_open_round, open_matches, require_round_closed

ROUND_REPLY_MATCHES = 500      # the pairing reply shows the first page of the round


def _settings(t: TournamentState) -> dict[str, Any]:
    return t.section("swiss")


def round_header(tid: str, state: SwissState, number: int) -> dict[str, Any]:
    """The fields of a round's view besides its matches (one shape for the reply to a
    pairing and for ``GET .../swiss/rounds/{n}``)."""
    rnd = state.rounds[number - 1]
    return {"tournament_id": tid, "round": number, "closed": rnd.closed,
            "ends_at": rnd.ends_at, "bye": rnd.bye, "total": len(rnd.matches)}


def pair_round(uow: UnitOfWork, actor: Principal, tid: str,
               pods: dict[str, int] | None) -> dict[str, Any]:
    """Pair the next round; the reply is the round's first page, as its view shows it."""
    t = tournament.running_swiss(uow, tid, guard=True)
    require_tournament_staff(actor, t)
    require_round_closed(uow, t)
    swiss = uow.load(SWISS, tid)
    if not swiss.rounds:
        require_product_ready(uow, t, "pairing the first Swiss round")
    unknown = sorted(set(pods or {}) - set(t.players))
    if unknown:
        raise NotFound("pods name players who are not registered", {"players": unknown[:50]})
    players = [p.id for p in t.active_players()]
    settings = _settings(t)
    if settings.get("pair_within_pods"):
        pods = {**draft_pods(uow, tid, swiss, players, pods or {}), **(pods or {})}
    state, events = uow.decide(SWISS, tid, PairRound(
        t.seed, settings, players, uow.now.isoformat(), actor.id, pods or None))
    number = len(state.rounds)
    paired = next(e for e in events if e.type == "RoundPaired").data
    rnd = state.rounds[number - 1]
    names = {p.id: p.name for p in t.players.values()}
    matches = [match_document(facts_of(state, m, rnd), MatchRecord())
               for m in rnd.matches[:ROUND_REPLY_MATCHES]]
    shown = {p for m in matches for p in (m["a"], m["b"]) if p} | ({rnd.bye} if rnd.bye else set())
    return {**round_header(tid, state, number),
            "pairing": {"method": paired["method"], "quality": paired["quality"]},
            "matches": matches, "names": {p: names.get(p) for p in sorted(shown)},
            "next": ROUND_REPLY_MATCHES if len(rnd.matches) > ROUND_REPLY_MATCHES else None}


def draft_pods(uow: UnitOfWork, tid: str, swiss: SwissState, players: list[str],
               given: dict[str, int]) -> dict[str, int]:
    """Pods from the booster draft for the players who have none yet (neither given in
    the request nor remembered by the Swiss stream): the draft's pod number, and pod 0
    (a group of their own) for late arrivals who received sealed product instead."""
    draft = uow.load(DRAFT, tid, guard=False)
    if not draft.started:
        return {}
    pods = {}
    for p in players:
        if p in given or p in swiss.pods:
            continue
        if p in draft.pod_of:
            pods[p] = draft.pod_of[p]
        elif p in draft.late:
            pods[p] = 0
    return pods


def set_structure(uow: UnitOfWork, actor: Principal, tid: str, rounds: int | None,
                  top_cut: int | None) -> dict[str, Any]:
    t = tournament.running_swiss(uow, tid)
    require_tournament_staff(actor, t, organizer_only=True)
    state, _ = uow.decide(SWISS, tid, SetStructure(
        actor.id, uow.now.isoformat(), rounds, top_cut, _settings(t)))
    return {"tournament_id": tid,
            "rounds": state.planned_rounds if state.started else state.fixed_rounds,
            "top_cut": state.planned_cut if state.started else state.fixed_cut,
            "rounds_paired": len(state.rounds)}


def start_top_cut(uow: UnitOfWork, actor: Principal, tid: str,
                  size: int | None) -> dict[str, Any]:
    t = tournament.running_swiss(uow, tid)
    require_tournament_staff(actor, t)
    if _swiss_state(uow, tid).cut is None:
        require_round_closed(uow, t)
    state, _ = uow.decide(SWISS, tid, StartTopCut(
        actor.id, uow.now.isoformat(), size))
    return bracket_document(tid, state)


def bracket_document(tid: str, state: SwissState) -> dict[str, Any]:
    cut = state.cut
    assert cut is not None                        # the top cut has started
    return {"tournament_id": tid, "size": cut.size, "seeds": list(cut.seeds),
            "champion": cut.champion,
            "rounds": [{"round": r, "best_of": best_of_for(state, matches[0], cut)[0],
                        "matches": [match_document(facts_of(state, m, cut), record_of(cut, m.id))
                                    for m in matches]}
                       for r, matches in enumerate(cut.rounds, start=1)]}


def open_play(uow: UnitOfWork, t: TournamentState) -> list[dict[str, Any]]:
    """The Swiss side of a tournament finish, in its unit of work: what is left to play
    (the Swiss stream is guarded: a result entered meanwhile re-runs the finish)."""
    close_open_round(uow, t)
    state = uow.load(SWISS, t.id)
    items = swiss_open_play(state, _settings(t), len(t.active_players()))
    missing = open_matches(uow, t.id, state)
    for item in items:
        if item["kind"] == "round_open" and state.current is not None:   # in the matches' streams
            item["matches"] = list(missing)
            item["reported"] = [m for m, status in missing.items() if status == "reported"]
            item["message"] = (f"round {state.current.number}: {len(missing)} "
                               "match(es) without a final result")
    return [i for i in items if i["kind"] != "round_open" or i["matches"]]


def _swiss_state(uow: UnitOfWork, tid: str) -> SwissState:
    return uow.load(SWISS, tid, guard=False)
