"""The public Swiss reads: the overview (an open round's results counted from its tally),
a round's page of matches, the standings after a round, the top-cut bracket."""
from __future__ import annotations

from typing import Any

from ..domain import streams
from ..domain.errors import NotFound
from ..projections.queries.swiss import bracket_id, full_round, overview_id, standings_rows
from ..projections.queries.tournaments import player_names
from . import clock, tournament
from .reads import Reads


def _overview(reads: Reads, tid: str) -> dict[str, Any]:
    doc = reads.views.get(overview_id(tournament.checked_tid(tid)))
    if doc is None:
        raise NotFound("no Swiss round has been paired yet")
    return doc


def overview(reads: Reads, tid: str) -> dict[str, Any]:
    doc = _overview(reads, tid)
    rounds = [
        {k: v for k, v in r.items() if k != "results_in"} |
        ({"results": r["results"] + reads.tally(streams.swiss_round_tally(tid, r["round"]))}
         if r.get("results_in") == "match" and not r["closed"] else {})
        for r in doc["rounds"]]
    return {**doc, "rounds": rounds}


def round_page(reads: Reads, tid: str, number: int, start: int,
               limit: int) -> dict[str, Any]:
    """Round ``number``'s matches ``start`` .. ``start + limit`` with their players'
    names (the route adds the next page's cursor)."""
    doc = full_round(reads.views, tournament.checked_tid(tid), number, start, limit)
    if doc is None:
        raise NotFound(f"no Swiss round {number}")
    shown = [p for m in doc["matches"] for p in (m["a"], m["b"])] + [doc["bye"]]
    return {**doc, "names": player_names(reads.views, tid, shown),
            "ends_at": clock.swiss_round_ends(reads.views, tid, number, doc["ends_at"]),
            "extensions": clock.swiss_round_extensions(reads.views, tid, number,
                                                       doc["ends_at"])}


def standings(reads: Reads, tid: str, number: int | None, start: int,
              limit: int) -> dict[str, Any]:
    """The standings after round ``number`` (None: the last finished round), rows
    ``start`` .. ``start + limit`` (the route adds the next page's cursor)."""
    closed = [r["round"] for r in _overview(reads, tid)["rounds"] if r["closed"]]
    if not closed:
        raise NotFound("no Swiss round has finished yet")
    number = closed[-1] if number is None else number
    header, rows = standings_rows(reads.views, tid, number, start, limit)
    if header is None:
        raise NotFound(f"round {number} has not finished")
    names = player_names(reads.views, tid, [r["player_id"] for r in rows])
    return {"tournament_id": tid, "round": number, "tiebreak_chain": header["tiebreak_chain"],
            "tiebreakers": header["tiebreakers"], "total": header["total"],
            "rows": [{**row, "name": names.get(row["player_id"])} for row in rows]}


def bracket(reads: Reads, tid: str) -> dict[str, Any]:
    doc = reads.views.get(bracket_id(tournament.checked_tid(tid)))
    if doc is None:
        raise NotFound("the top cut has not started")
    t = tournament.load(reads, tid)
    rounds = []
    for entry in doc["rounds"]:
        timed = clock.cut_clock(reads.views, t, entry["round"])
        rounds.append({**entry, "ends_at": timed["ends_at"], "match_ends_at": timed["matches"],
                       "extensions": timed["extensions"]})
    return {**doc, "rounds": rounds, "names": player_names(reads.views, tid, doc["seeds"])}
