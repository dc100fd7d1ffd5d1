"""Tiebreak chains. ``munchkin-sos``: strength of schedule (Munchkin CCG draft
guidelines): total score of opponents defeated, total score of opponents who defeated
the player, latest round of first defeat, then a seeded coin toss. ``mtr``: Magic
Tournament Rules appendix C: OMW%, GW%, OGW%, each percentage floored at 0.33."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..rng import derive
from .records import Record

FLOOR = Fraction(33, 100)


def coin(seed_key: str, player: str) -> int:
    """The player's seeded coin toss: higher wins the last tie."""
    return derive(seed_key, "swiss-coin", player).getrandbits(32)


def match_win_pct(rec: Record, points_win: int) -> Fraction:
    possible = points_win * rec.rounds_played
    return max(FLOOR, Fraction(rec.points, possible)) if possible else FLOOR


def game_win_pct(rec: Record) -> Fraction:
    games = rec.game_wins + rec.game_losses + rec.game_draws
    if not games:
        return FLOOR
    return max(FLOOR, Fraction(3 * rec.game_wins + rec.game_draws, 3 * games))


def _mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def mtr(recs: dict[str, Record], settings: dict[str, Any]) -> dict[str, dict[str, Any]]:
    mwp = {p: match_win_pct(r, settings["points_win"]) for p, r in recs.items()}
    gwp = {p: game_win_pct(r) for p, r in recs.items()}
    return {p: {"omw": _mean([mwp[o] for o in r.opponents]), "gw": gwp[p],
                "ogw": _mean([gwp[o] for o in r.opponents])}
            for p, r in recs.items()}


def munchkin_sos(recs: dict[str, Record], settings: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p: {"defeated_score": sum(recs[o].points for o in r.defeated),
                "defeated_by_score": sum(recs[o].points for o in r.defeated_by),
                "first_defeat_round": r.first_defeat}
            for p, r in recs.items()}


CHAINS = {
    # chain name -> (values function, ordered keys; None rounds sort as "never")
    "mtr": (mtr, ("omw", "gw", "ogw")),
    "munchkin-sos": (munchkin_sos, ("defeated_score", "defeated_by_score",
                                    "first_defeat_round")),
}
