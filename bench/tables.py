"""Seating benchmark: Podium's optimiser against a simulated-annealing baseline.

``python -m bench tables [sizes...] [--rounds N] [--iterations K]``
(harder fields, where some violations are unavoidable: ``python -m bench tables 13 17 23 29
--rounds 4``; there the seatings diverge from round 2 on, compare in priority order.)

For each player count (default 50, 100, 200) three rounds are seated one after the
other, as a tournament would, by (a) Podium's seating (``chalicelib.domain.tables``)
and (b) the common open-source approach: simulated annealing over the same criteria
(random swap of two players, Metropolis acceptance on a weighted sum of the R1..R9
counts, geometric cooling), 20,000 iterations per round. Per round it prints the time
and the cumulative R1..R9 violation counts of both, then whether Podium's counts are
no worse rule by rule, and the time ratio.
"""
from __future__ import annotations

import argparse
import random
import time

from chalicelib.domain.rng import derive
from chalicelib.domain.tables.criteria import CODES, counts
from chalicelib.domain.tables.groups import table_sizes
from chalicelib.domain.tables.seating import Problem, Seating, anneal, seat_round

# Weighted-sum costs as open-source seating tools use them: each rule outweighs the next.
SA_WEIGHTS = (10 ** 12, 10 ** 10, 10 ** 8, 10 ** 6, 10 ** 5, 10 ** 4, 10 ** 3, 10 ** 2, 10)


def annealing(players, sizes, history, rng: random.Random, iterations: int = 20_000,
              t_start: float = 10 ** 6, t_end: float = 1.0):
    """Baseline: simulated annealing with random swaps (exact incremental deltas)."""
    problem = Problem(sorted(players), sizes, history, weights=SA_WEIGHTS)
    n = len(problem.players)
    order = list(range(n))
    rng.shuffle(order)
    best_tables = anneal(Seating(problem, order), rng, iterations, t_start, t_end)
    return [[problem.players[i] for i in table] for table in best_tables]


def run(count: int, rounds: int, iterations: int, seed: str = "bench") -> list[dict]:
    players = [f"P{i:04d}" for i in range(count)]
    sizes = table_sizes(count)
    rows = []
    ours_hist: list = []
    base_hist: list = []
    for r in range(1, rounds + 1):
        t0 = time.perf_counter()
        ours = seat_round(players, sizes, ours_hist, derive(seed, "bench", count, r))
        t1 = time.perf_counter()
        base = annealing(players, sizes, base_hist, derive(seed, "sa", count, r), iterations)
        t2 = time.perf_counter()
        ours_hist.append(ours)
        base_hist.append(base)
        rows.append({"players": count, "round": r, "ours_s": t1 - t0, "sa_s": t2 - t1,
                     "ours": counts(ours_hist), "sa": counts(base_hist)})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench tables")
    parser.add_argument("sizes", nargs="*", type=int, default=[50, 100, 200])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=20_000)
    args = parser.parse_args(argv or [])
    header = " ".join(f"{c:>3}" for c in CODES)
    print(f"{'N':>4} {'rd':>2} {'who':>6} {'time s':>7}  {header}")
    ok = True
    for count in args.sizes:
        for row in run(count, args.rounds, args.iterations):
            better = all(o <= b for o, b in zip(row["ours"], row["sa"], strict=True))
            ok = ok and better and row["ours"][0] == 0 and row["ours_s"] < 2.0
            for who, key in (("podium", "ours"), ("SA", "sa")):
                figures = " ".join(f"{v:>3}" for v in row[key])
                print(f"{row['players']:>4} {row['round']:>2} {who:>6} "
                      f"{row[key + '_s']:>7.3f}  {figures}")
            lexi = ("better" if row["ours"] < row["sa"] else
                    "worse" if row["ours"] > row["sa"] else "equal")
            print(f"{'':>4} {'':>2} {'':>6} {'':>7}  no worse on every rule: {better}; "
                  f"in priority order: {lexi}; "
                  f"time ratio podium/SA {row['ours_s'] / row['sa_s']:.2f}")
    print("target met (R1 = 0, < 2 s per round, no worse than SA rule by rule):", ok)
    return 0 if ok else 1
