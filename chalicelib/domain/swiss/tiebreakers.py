"""Tiebreak chains. ``munchkin-sos``: strength of schedule (Munchkin CCG draft
guidelines): total score of opponents defeated, total score of opponents who defeated
the player, latest round of first defeat, then a seeded coin toss. ``mtr``: Magic
Tournament Rules appendix C: OMW%, GW%, OGW%, each percentage floored at 0.33.

Each chain gives every player an exact integer sort key (percentages are put over one
common denominator, so equal values tie exactly and sorting thousands is fast) and,
on request, the values to show (percentages as exact fractions, built only when shown:
pairing a round ranks the field without a single Fraction)."""
from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..rng import derive
from .records import Record

FLOOR = Fraction(33, 100)
Keys = dict[str, tuple[int, ...]]
Shown = Callable[[str], dict[str, Any]]


@lru_cache(maxsize=1 << 16)
def coin(seed_key: str, player: str) -> int:
    """The player's seeded coin toss: higher wins the last tie."""
    return derive(seed_key, "swiss-coin", player).getrandbits(32)


@lru_cache(maxsize=4096)
def pct(numerator: int, denominator: int) -> Fraction:
    """MTR appendix C: a percentage below 0.33 counts as 0.33 (also with nothing played)."""
    return max(FLOOR, Fraction(numerator, denominator)) if denominator else FLOOR


def _scaled(fractions: dict[str, tuple[int, int]]) -> tuple[dict[str, int], int]:
    """``pct(n, d)`` of every player as an integer numerator over one common
    denominator (a multiple of every ``d`` and of the floor's 100): the same order and
    ties as the fractions, in integers."""
    denominator = math.lcm(FLOOR.denominator, *{d for _, d in fractions.values() if d})
    floor = FLOOR.numerator * (denominator // FLOOR.denominator)
    return {p: max(floor, n * (denominator // d)) if d else floor
            for p, (n, d) in fractions.items()}, denominator


def mtr(recs: dict[str, Record], settings: dict[str, Any], rounds: int) -> tuple[Keys, Shown]:
    pw = settings["points_win"]
    mw, mw_den = _scaled({p: (r.points, pw * r.rounds_played) for p, r in recs.items()})
    gw, gw_den = _scaled({p: (3 * r.game_wins + r.game_draws,
                              3 * (r.game_wins + r.game_losses + r.game_draws))
                          for p, r in recs.items()})
    most = max((len(r.opponents) for r in recs.values()), default=1)
    span = math.lcm(*range(1, most + 1)) if most else 1   # every opponent count divides it
    of_mw, of_gw = mw.__getitem__, gw.__getitem__
    sums = {p: (sum(map(of_mw, r.opponents)), sum(map(of_gw, r.opponents)),
                len(r.opponents)) for p, r in recs.items()}
    keys: Keys = {p: ((om * (span // n), gw[p], og * (span // n)) if n else (0, gw[p], 0))
            for p, (om, og, n) in sums.items()}

    def shown(p: str) -> dict[str, Any]:
        om, og, n = sums[p]
        return {"omw": Fraction(om, mw_den * n) if n else Fraction(0),
                "gw": Fraction(gw[p], gw_den),
                "ogw": Fraction(og, gw_den * n) if n else Fraction(0)}
    return keys, shown


def munchkin_sos(recs: dict[str, Record], settings: dict[str, Any],
                 rounds: int) -> tuple[Keys, Shown]:
    values: dict[str, dict[str, Any]] = {
        p: {"defeated_score": sum(recs[o].points for o in r.defeated),
            "defeated_by_score": sum(recs[o].points for o in r.defeated_by),
            "first_defeat_round": r.first_defeat}
              for p, r in recs.items()}
    never = rounds + 1       # never defeated beats a defeat in any round
    keys: Keys = {p: (v["defeated_score"], v["defeated_by_score"],
                never if v["first_defeat_round"] is None else v["first_defeat_round"])
            for p, v in values.items()}
    return keys, values.__getitem__


CHAINS = {"mtr": mtr, "munchkin-sos": munchkin_sos}
# The values each chain shows, in the order they break ties (after points, before the coin).
ORDER = {"mtr": ["omw", "gw", "ogw"],
         "munchkin-sos": ["defeated_score", "defeated_by_score", "first_defeat_round"]}
