"""Free-for-all pod games (MTG CR 905.3, 806): after a Conspiracy draft each pod plays
one multiplayer game. A result names the winner and the order in which the other
players were eliminated (first eliminated first)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import Invalid


def validate(winner: str, eliminated: Sequence[str], pod_players: Iterable[str] | None,
             tournament_players: Iterable[str] | None) -> list[str]:
    """The pod's players, winner first then last eliminated ... first eliminated."""
    errors = []
    order = [winner, *reversed(list(eliminated))]
    dupes = sorted({p for p in order if order.count(p) > 1})
    if dupes:
        errors.append({"loc": "eliminated", "msg": "a player appears more than once",
                       "players": dupes})
    if len(order) < 2:
        errors.append({"loc": "eliminated", "msg": "a free-for-all game has at least two players"})
    if pod_players is not None:
        pod = set(pod_players)
        missing = sorted(pod - set(order))
        extra = sorted(set(order) - pod)
        if missing:
            errors.append({"loc": "eliminated", "msg": "pod players missing from the result",
                           "players": missing})
        if extra:
            errors.append({"loc": "eliminated", "msg": "players not in this pod",
                           "players": extra})
    elif tournament_players is not None:
        unknown = sorted(set(order) - set(tournament_players))
        if unknown:
            errors.append({"loc": "eliminated", "msg": "players not in the tournament",
                           "players": unknown})
    if errors:
        raise Invalid("impossible pod result", errors, code="invalid_result")
    return order


def places(order: Sequence[str]) -> list[dict[str, Any]]:
    """Place 1 for the winner, then the last eliminated, ...; ``outlasted`` counts the
    players eliminated before this one."""
    size = len(order)
    return [{"player": pid, "place": i + 1, "outlasted": size - 1 - i}
            for i, pid in enumerate(order)]


def standings(pods: dict[int, Sequence[dict[str, Any]]]) -> list[dict[str, Any]]:
    """All pods' players by their place in their own pod (every pod winner above every
    runner-up, pods being of roughly equal size), then by players outlasted (the same
    place in a larger pod ranks higher); equal records share a rank."""
    rows = [{**row, "pod": pod} for pod, pod_rows in pods.items() for row in pod_rows]
    rows.sort(key=lambda r: (r["place"], -r["outlasted"], r["pod"], r["player"]))
    rank = 0
    previous = None
    for i, row in enumerate(rows):
        key = (row["place"], row["outlasted"])
        if key != previous:
            rank, previous = i + 1, key
        row["rank"] = rank
    return rows
