"""The Swiss bench's checks beyond the round times (``bench.swiss``): each unproven
round against an exact solve of its field (its true gap), the small-field overhead over
one exact solve of the same graph, and what ranking costs beside pairing."""
from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable

from bench.swiss_events import PairedRound
from chalicelib.domain.rng import derive
from chalicelib.domain.swiss import SWISS
from chalicelib.domain.swiss.brackets import bracket_pairs
from chalicelib.domain.swiss.cost import Weights, quality
from chalicelib.domain.swiss.decide_pairing import round_candidates
from chalicelib.domain.swiss.exact import exact_pairs
from chalicelib.domain.swiss.pairing import EXACT_LIMIT


def best_of(work: Callable[[], object], times: int = 3) -> float:
    """The least of ``times`` runs (seconds): a shared machine only ever adds time."""
    spent = []
    for _ in range(times):
        gc.collect()
        started = time.perf_counter()
        work()
        spent.append(time.perf_counter() - started)
    return min(spent)


def interleaved(first: Callable[[], object], second: Callable[[], object],
                times: int = 7) -> tuple[float, float]:
    """The least of ``times`` runs of each, taken in turn, so a busy moment of a shared
    machine falls on both alike."""
    a, b = [], []
    for _ in range(times):
        a.append(best_of(first, 1))
        b.append(best_of(second, 1))
    return min(a), min(b)


def exact_solve(r: PairedRound) -> Callable[[], object]:
    """One exact solve of the round's graph with the node order its pairing drew (the
    blossom's time varies with the order by up to 2x): a round paired exactly after
    the fast pairing missed its bound drew that order after the brackets' draws."""
    weights = Weights.for_players(r.candidates)
    rng = derive(r.seed_key, "pair", r.number)
    if r.paired.method == "exact" and len(r.candidates) > EXACT_LIMIT:
        bracket_pairs(r.candidates, rng)
    state = rng.getstate()

    def solve() -> object:
        drawn = random.Random()
        drawn.setstate(state)
        return exact_pairs(r.candidates, weights, drawn)
    return solve


def pair_again(r: PairedRound) -> Callable[[], object]:
    return lambda: SWISS.decide(r.command, r.before)


def rank_again(r: PairedRound) -> Callable[[], object]:
    return lambda: round_candidates(r.before, r.command.settings, r.seed_key,
                                    r.command.players, None)


def true_gaps(unproven: list[tuple[int, PairedRound]], up_to: int) -> tuple[list[str], int]:
    """One line per unproven round with its gap to an exact solve of its field (fields of
    at most ``up_to`` players), and how many cost more than that optimum."""
    lines, worse = [], 0
    for seed, r in unproven:
        where = f"event {seed} round {r.number} ({len(r.candidates)} paired, " \
                f"{r.paired.method}): recorded gap {r.paired.gap} to its bound"
        if len(r.candidates) > up_to:
            lines.append(f"{where}; not solved exactly (over {up_to} players)")
            continue
        started = time.perf_counter()
        best = quality(exact_solve(r)())
        ours = quality([(a, b) for a, b in _pairs(r)])
        gap = ours.squared_gap - best.squared_gap
        worse += gap > 0 or ours.rematches > best.rematches
        lines.append(f"{where}; true gap {gap} squared points, rematches "
                     f"{ours.rematches} vs {best.rematches} (exact solve "
                     f"{time.perf_counter() - started:.1f}s)")
    return lines, worse


def _pairs(r: PairedRound):
    by_id = {c.id: c for c in r.candidates}
    return [(by_id[m["a"]], by_id[m["b"]]) for m in r.paired.matches()]
