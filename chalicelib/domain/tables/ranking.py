"""Standings after the preliminary rounds (V:EKN 3.1): game wins, then victory
points, then tournament points; remaining ties for a top-five place are broken by a
seeded random draw (the "coin toss"), other ties share their rank."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..rng import derive

FINALISTS = 5


def totals(results: Iterable[Mapping[str, Mapping[str, int]]]) -> dict[str, dict[str, int]]:
    """Sum per player over table results (each ``{player: {vp, gw, tp}}``)."""
    out: dict[str, dict[str, int]] = {}
    for table in results:
        for pid, r in table.items():
            t = out.setdefault(pid, {"gw": 0, "vp_halves": 0, "tp": 0, "games": 0})
            t["gw"] += r["gw"]
            t["vp_halves"] += r["vp_halves"]
            t["tp"] += r["tp"]
            t["games"] += 1
    return out


def standings(scores: Mapping[str, Mapping[str, int]], seed: str,
              eligible: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """Ranked rows ``{player, rank, gw, vp, tp, games, toss}``.

    ``eligible`` (default: everyone) are the players who may take a top-five place;
    the others (dropped players) are ranked after them. ``toss`` is set on players
    whose top-five order was drawn."""
    eligible_set = set(scores) if eligible is None else set(eligible) & set(scores)

    def key(pid: str) -> tuple[Any, ...]:
        s = scores[pid]
        return (pid not in eligible_set, -s["gw"], -s["vp_halves"], -s["tp"])

    order = sorted(scores, key=lambda p: (key(p), p))
    rows: list[dict[str, Any]] = []
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and key(order[end + 1]) == key(order[start]):
            end += 1
        group = order[start:end + 1]
        drawn = len(group) > 1 and start < FINALISTS and group[0] in eligible_set
        if drawn:
            # V:EKN 3.1: remaining ties for a top-five ranking: a fair random method.
            rng = derive(seed, "tables-toss", *group)
            group = list(group)
            rng.shuffle(group)
        for offset, pid in enumerate(group):
            s = scores[pid]
            rows.append({"player": pid, "rank": start + 1 + (offset if drawn else 0),
                         "gw": s["gw"], "vp_halves": s["vp_halves"], "tp": s["tp"],
                         "games": s.get("games", 0), "toss": drawn,
                         "eligible": pid in eligible_set})
        start = end + 1
    return rows
