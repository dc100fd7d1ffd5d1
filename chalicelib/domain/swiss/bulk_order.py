"""The MTR standings order of a large field in bulk: the same order as
``standings.ordered`` (points, OMW%, GW%, OGW%, the seeded coin, the player id, best
first), from exact 64-bit integer arrays instead of one Python tuple per player.

Percentages are put over one common denominator as in ``tiebreakers.mtr``; a mean of
the opponents' percentages ``s / n`` is compared as the pair (``s // n``,
``(s % n) * (span // n)``), ``span`` being a multiple of every opponent count: the same
order as ``s * (span // n)`` in ``tiebreakers.mtr`` (the remainder part stays below
``span``), with every number far inside 64 bits. Nothing is approximated: when a value
could leave 64 bits (events of many rounds of many games) or two players tie on every
key but their id, ``order`` answers None and the caller ranks in Python."""
from __future__ import annotations

import math
from itertools import chain
from typing import Any

from .records import Record
from .standings import ordered
from .tiebreakers import FLOOR, coin

BULK_FROM = 1024        # players: below this, ranking in Python is as fast
LIMIT = 1 << 62         # every array value and every sum of them stays below this


def _scaled(np: Any, nums: Any, dens: Any) -> tuple[Any, int] | None:
    """``pct(num, den)`` of every player as an int64 numerator over one common
    denominator (the floor where nothing was played), with the largest of them."""
    denominator = math.lcm(FLOOR.denominator, *(int(d) for d in np.unique(dens) if d))
    floor = FLOOR.numerator * (denominator // FLOOR.denominator)
    width = int(dens.max(initial=0)) + 1              # (num, den) as one int64
    if int(np.abs(nums).max(initial=0)) * width >= LIMIT:
        return None
    pairs, inverse = np.unique(nums * width + dens, return_inverse=True)
    table = [max(floor, n * (denominator // d)) if d else floor
             for n, d in (divmod(k, width) for k in pairs.tolist())]
    if max(table) >= LIMIT:
        return None
    return np.array(table, dtype=np.int64)[inverse.reshape(-1)], max(table)


def _means(np: Any, values: Any, src: Any, dst: Any, counts: Any,
           span: int) -> tuple[Any, Any]:
    """The mean of each player's opponents' values as (quotient, scaled remainder)."""
    sums = np.zeros(len(counts), dtype=np.int64)
    np.add.at(sums, src, values[dst])
    n = np.where(counts > 0, counts, 1)
    return sums // n, (sums % n) * (span // n)


def rows_best_first(points: Any, played: Any, game_wins: Any, game_losses: Any,
                    game_draws: Any, src: Any, dst: Any, coins: Any, points_win: int
                    ) -> Any | None:
    """The rows best first (an int64 array), or None (see above): one row per player
    of every int64 column; the opponents as edges (row ``src[k]`` met row ``dst[k]``,
    one per side of each scored match)."""
    import numpy as np  # imported on first use: the solver imports it too

    size = len(points)
    if points_win < 0 or int(np.abs(points).max(initial=0)) >= LIMIT:
        return None
    mw = _scaled(np, points, points_win * played)
    gw = _scaled(np, 3 * game_wins + game_draws, 3 * (game_wins + game_losses + game_draws))
    counts = np.bincount(src, minlength=size)
    most = int(counts.max(initial=0))
    if mw is None or gw is None or most * max(mw[1], gw[1]) >= LIMIT:
        return None
    span = math.lcm(*range(1, most + 1)) if most else 1
    if span >= LIMIT:
        return None
    omw_q, omw_r = _means(np, mw[0], src, dst, counts, span)
    ogw_q, ogw_r = _means(np, gw[0], src, dst, counts, span)
    keys = (coins, ogw_r, ogw_q, gw[0], omw_r, omw_q, points)
    ranked = np.lexsort(keys)           # ascending, the last key first
    if size > 1:
        tied = np.ones(size - 1, dtype=bool)
        for key in keys:
            ordered_key = key[ranked]
            tied &= ordered_key[1:] == ordered_key[:-1]
        if tied.any():                  # only the ids tell them apart: rank in Python
            return None
    return ranked[::-1]


def order(recs: dict[str, Record], settings: dict[str, Any], seed_key: str) -> list[str] | None:
    """The players of ``recs`` best first under the MTR chain, or None (see above)."""
    import numpy as np

    players = list(recs)
    index = {p: i for i, p in enumerate(players)}
    size = len(players)
    records_ = list(recs.values())

    def column(values: Any) -> Any:
        return np.fromiter(values, dtype=np.int64, count=size)
    if max((abs(r.points) for r in records_), default=0) >= LIMIT:
        return None
    counts = column(len(r.opponents) for r in records_)
    dst = np.fromiter(map(index.__getitem__, chain.from_iterable(
        r.opponents for r in records_)), dtype=np.int64, count=int(counts.sum()))
    ranked = rows_best_first(
        column(r.points for r in records_), column(r.rounds_played for r in records_),
        column(r.game_wins for r in records_), column(r.game_losses for r in records_),
        column(r.game_draws for r in records_), np.repeat(np.arange(size), counts), dst,
        np.array([coin(seed_key, p) for p in players], dtype=np.int64),
        settings["points_win"])
    return None if ranked is None else [players[i] for i in ranked.tolist()]


def best_first(recs: dict[str, Record], settings: dict[str, Any], seed_key: str,
               rounds_played: int) -> list[str]:
    """``standings.ordered``'s order: in bulk for a large MTR field, else in Python."""
    if settings["tiebreakers"] == "mtr" and len(recs) >= BULK_FROM:
        got = order(recs, settings, seed_key)
        if got is not None:
            return got
    return ordered(recs, settings, seed_key, rounds_played)[0]
