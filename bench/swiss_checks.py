"""The Swiss bench's checks beyond the round times (``bench.swiss``): each unproven
round against an exact solve of its field (its true gap), the small-field overhead over
one exact solve of the same graph, and what ranking costs beside pairing."""
from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from bench.swiss_events import PairedRound
from chalicelib.domain.rng import derive
from chalicelib.domain.swiss import SWISS, array_records, running
from chalicelib.domain.swiss.brackets import bracket_pairs
from chalicelib.domain.swiss.bulk_candidates import applies
from chalicelib.domain.swiss.cost import Weights, quality
from chalicelib.domain.swiss.decide_pairing import round_candidates
from chalicelib.domain.swiss.exact import exact_pairs
from chalicelib.domain.swiss.pairing import EXACT_LIMIT


def best_of(work: Callable[[], object], times: int = 3,
            setup: Callable[[], object] | None = None) -> float:
    """The least of ``times`` runs, in this process's CPU seconds (a shared machine only
    ever adds time; waiting for a core is not counted); ``setup`` runs untimed first."""
    spent = []
    for _ in range(times):
        if setup is not None:
            setup()
        spent.append(_cpu(work))
    return min(spent)


@dataclass(frozen=True)
class Ratio:
    """``first`` over ``second`` from ``pairs`` runs of each taken back to back in
    alternating order, in CPU time of this process (``time.process_time``: the time
    the machine's other work takes from this process while it waits for a core is not
    counted; what it does to caches still is)."""
    median: float          # the verdict's figure: the median of the pairs' ratios
    low: float             # the middle half of the pairs' ratios
    high: float
    of_minima: float       # min(first) / min(second)
    first: float           # median seconds of each
    second: float
    pairs: int

    def __str__(self) -> str:
        return (f"x{self.median:.2f} (middle half x{self.low:.2f}-x{self.high:.2f}, "
                f"min over min x{self.of_minima:.2f}; medians {self.first * 1000:.1f} / "
                f"{self.second * 1000:.1f} ms CPU, {self.pairs} pairs)")


def _cpu(work: Callable[[], object]) -> float:
    gc.collect()
    started = time.process_time()
    work()
    return time.process_time() - started


def paired_ratio(first: Callable[[], object], second: Callable[[], object],
                 pairs: int = 21, setup: Callable[[], object] | None = None) -> Ratio:
    """``setup`` runs untimed before each run of ``first``."""
    a, b = [], []

    def one() -> None:
        if setup is not None:
            setup()
        a.append(_cpu(first))
    for i in range(pairs):
        if i % 2:
            b.append(_cpu(second))
            one()
        else:
            one()
            b.append(_cpu(second))
    ratios = sorted(x / y for x, y in zip(a, b, strict=True))
    q = len(ratios) // 4
    return Ratio(statistics.median(ratios), ratios[q], ratios[-1 - q], min(a) / min(b),
                 statistics.median(a), statistics.median(b), pairs)


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


def cold() -> None:
    """A fresh process: nothing kept (``running.py``'s records, ``array_records.py``)."""
    running.forget()
    array_records.forget()


def warm(r: PairedRound) -> Callable[[], object]:
    """What a warm process keeps when it pairs round n: what its previous pairing kept,
    after round n-2 (``domain/swiss/running.py``'s records for a small or non-MTR
    field, ``array_records.py`` for a large MTR one: its previous pairing kept the one
    it ranked with), so a timed run folds round n-1 as the real one does, and never
    finds its own result kept."""
    def setup() -> None:
        cold()
        if len(r.before.rounds) > 1:
            earlier, settings = r.before.rounds[:-1], r.command.settings
            if applies(settings, r.command.players):   # and the coins it ranked with
                array_records.array_records(earlier, settings).coins(r.seed_key)
            else:
                running.running_records(earlier, settings)
    return setup


def pair_again(r: PairedRound) -> Callable[[], object]:
    return lambda: SWISS.decide(r.command, r.before)


def rank_again(r: PairedRound) -> Callable[[], object]:
    return lambda: round_candidates(r.before, r.command.settings, r.seed_key,
                                    r.command.players, None)


def ranking_and_pairing(event: list[PairedRound], times: int = 5) -> tuple[float, float]:
    """Seconds of CPU that ranking (``round_candidates``) and the whole ``PairRound``
    take over ``event``'s rounds: per round the median of ``times`` runs of each, taken
    in alternating order, each from what a warm process keeps (``warm``)."""
    ranked = paired = 0.0
    for r in event:
        runs: dict[str, list[float]] = {"rank": [], "pair": []}
        work = {"rank": rank_again(r), "pair": pair_again(r)}
        for i in range(times):
            for name in ("rank", "pair") if i % 2 == 0 else ("pair", "rank"):
                warm(r)()
                runs[name].append(_cpu(work[name]))
        ranked += statistics.median(runs["rank"])
        paired += statistics.median(runs["pair"])
    return ranked, paired


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
