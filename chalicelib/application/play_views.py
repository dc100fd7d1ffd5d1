"""The projected views of a tournament's play that several reads share (the federation
report, the widget, the tables' standings): every seated V:EKN round and the standings
over them, the free-for-all pods, the latest Swiss standings."""
from __future__ import annotations

from typing import Any

from ..domain.tables.ranking import standings, totals
from ..domain.tournament import TournamentState
from ..projections.queries import swiss, tables


def tables_rounds(views: Any, tid: str) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The V:EKN tables' index (None before the first seating) and each seated round as
    its view shows it."""
    index = views.get(tables.index_id(tid))
    rounds = [tables.full_round(views, tid, entry["round"])
              for entry in (index or {}).get("rounds", [])]
    return index, [doc for doc in rounds if doc is not None]


def table_standings(t: TournamentState, rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The V:EKN standings over the tables reported in ``rounds`` (their views), ranking
    the active players (ties broken by the tournament's seed)."""
    results = [{row["player_id"]: row for row in table["result"]}
               for doc in rounds for table in doc["tables"] if table["result"] is not None]
    return standings(totals(results), t.seed, eligible=[p.id for p in t.active_players()])


def ffa(views: Any, tid: str) -> dict[str, Any] | None:
    """The free-for-all pods' games and standings (None before the first)."""
    doc: dict[str, Any] | None = views.get(tables.ffa_id(tid))
    return doc


def swiss_overview(views: Any, tid: str) -> dict[str, Any] | None:
    doc: dict[str, Any] | None = views.get(swiss.overview_id(tid))
    return doc


def latest_standings(views: Any, tid: str, paired: int) -> dict[str, Any] | None:
    """The Swiss standings after the last finished of the ``paired`` rounds, every row."""
    for number in range(paired, 0, -1):
        doc = swiss.full_standings(views, tid, number)
        if doc is not None:
            return doc
    return None
