"""The public reads of V:EKN tables and free-for-all pods: the table-size plan for a
player count, the rounds' index (an open round's reported tables counted from its tally),
one round, the standings, the final, the pods' games."""
from __future__ import annotations

from typing import Any

from ..domain import streams
from ..domain.errors import BadRequest, NotFound
from ..domain.tables.groups import (
    equal_games_plan,
    equal_games_rounds,
    seatable,
    sit_out_plan,
    table_sizes,
)
from ..projections.queries.tables import full_round, index_id
from . import clock, play_views, tournament
from .reads import Reads


def plan(players: int | None, rounds: int) -> dict[str, Any]:
    """Table sizes for ``players`` and, for 6, 7 and 11, the sit-out schedule over
    ``rounds`` (400 ``invalid_query`` without a player count)."""
    if players is None:
        raise BadRequest("the players query parameter is required", code="invalid_query")
    schedule = sit_out_plan(players, rounds)
    equal = equal_games_plan(players, rounds) is not None
    return {"players": players, "rounds": rounds, "seatable": seatable(players),
            "table_sizes": table_sizes(players) if seatable(players) else None,
            "games_per_player": sum(schedule) // players if equal else None,
            "equal_games": equal, "equal_games_rounds": equal_games_rounds(players),
            "plan": [{"round": r, "playing": p, "sitting_out": players - p,
                      "tables": table_sizes(p)} for r, p in enumerate(schedule, start=1)]}


def _index(reads: Reads, tid: str, missing: str) -> dict[str, Any]:
    doc = reads.views.get(index_id(tournament.checked_tid(tid)))
    if doc is None:
        raise NotFound(missing)
    return doc


def index(reads: Reads, tid: str) -> dict[str, Any]:
    """The seated rounds and the final; an open per-table round counts its reports."""
    doc = _index(reads, tid, "no round has been seated")
    rounds = []
    for r in doc["rounds"]:
        entry = {k: v for k, v in r.items() if k != "per_table"}
        if r.get("per_table"):
            entry["reported"] = reads.tally(streams.tables_round_tally(tid, r["round"]))
        rounds.append(entry)
    return {**doc, "rounds": rounds}


def seated_round(reads: Reads, tid: str, number: int) -> dict[str, Any]:
    doc = full_round(reads.views, tournament.checked_tid(tid), number)
    if doc is None:
        raise NotFound(f"round {number} has not been seated")
    return {**doc, **clock.tables_clock(reads.views, tournament.load(reads, tid), number)}


def standings(reads: Reads, tid: str) -> dict[str, Any]:
    t = tournament.load(reads, tid)
    found, rounds = play_views.tables_rounds(reads.views, tid)
    found = found or {"rounds": [], "final": None}
    complete = sum(all(table["result"] is not None for table in doc["tables"])
                   for doc in rounds)
    final = found.get("final") or {}
    return {"tournament_id": tid, "rounds": len(found["rounds"]), "complete_rounds": complete,
            "finalists": final.get("qualifiers") or None, "final": final.get("result"),
            "standings": play_views.table_standings(t, rounds)}


def final(reads: Reads, tid: str) -> dict[str, Any]:
    doc = _index(reads, tid, "the final has not started")
    if doc.get("final") is None:
        raise NotFound("the final has not started")
    timed = clock.tables_clock(reads.views, tournament.load(reads, tid), None)
    return {"tournament_id": tid, **doc["final"], **timed}


def ffa_results(reads: Reads, tid: str) -> dict[str, Any]:
    doc = play_views.ffa(reads.views, tournament.checked_tid(tid))
    if doc is None:
        raise NotFound("no pod game has been reported")
    return doc
