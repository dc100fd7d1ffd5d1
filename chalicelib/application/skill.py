"""A skill rating over a season's games with openskill (Plackett-Luce, a well-kept
library that rates 1-v-1 matches and free-for-all tables alike; Glicko-2 handles 1-v-1
only): each Swiss or top-cut match is a game of two (the winner first, a draw a tie),
each V:EKN table a game of four or five ranked by its victory points (equal VP tie).
Games are rated in order (event day, round, table), so the result is deterministic.
Players are the season's keys (membership number, else name)."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from openskill.models import PlackettLuce

Game = list[tuple[str, int]]           # (player key, rank: 1 best)


def _match(m: dict[str, Any], key: Callable[[str], str]) -> Game | None:
    score = m.get("score")
    if not score or m.get("a") is None or m.get("b") is None:
        return None
    a, b = score.get("a", 0), score.get("b", 0)
    return [(key(m["a"]), 1 if a >= b else 2), (key(m["b"]), 1 if b >= a else 2)]


def _table(table: dict[str, Any], key: Callable[[str], str]) -> Game | None:
    seats = [s for s in table["seats"] if s.get("vp_halves") is not None]
    if len(seats) < 2:
        return None
    order = sorted({s["vp_halves"] for s in seats}, reverse=True)
    return [(key(s["player_id"]), order.index(s["vp_halves"]) + 1) for s in seats]


def games(report: dict[str, Any], key: Callable[[str], str]) -> list[Game]:
    """The report's rated games in order: rounds, then the top cut or the final."""
    out: list[Game | None] = []
    for rnd in report.get("rounds") or []:
        out += [_match(m, key) for m in rnd.get("matches") or []]
        out += [_table(t, key) for t in rnd.get("tables") or []]
    final = report.get("final") or {}
    for rnd in final.get("rounds") or []:
        out += [_match(m, key) for m in rnd["matches"]]
    if final.get("result"):
        out.append(_table({"seats": final["result"]}, key))
    return [g for g in out if g]


def ratings(all_games: Iterable[Game]) -> list[dict[str, Any]]:
    """Each player's ``mu``, ``sigma``, ``ordinal`` (mu - 3 sigma, the conservative
    estimate ranked on) and games played, best first."""
    model = PlackettLuce()
    held: dict[str, Any] = {}
    played: dict[str, int] = {}
    for game in all_games:
        teams = [[held.get(p) or model.rating(name=p)] for p, _ in game]
        rated = model.rate(teams, ranks=[rank for _, rank in game])
        for (p, _), [r] in zip(game, rated, strict=True):
            held[p] = r
            played[p] = played.get(p, 0) + 1
    rows = [{"player": p, "mu": round(r.mu, 4), "sigma": round(r.sigma, 4),
             "ordinal": round(r.ordinal(), 4), "games": played[p]} for p, r in held.items()]
    rows.sort(key=lambda r: (-r["ordinal"], r["player"]))
    return rows
