"""Swiss pairing benchmark: Podium's pairer against networkx's exact blossom matching.

``python -m bench swiss [sizes...] [--rounds N] [--exact-limit N]``

For each player count (default 512, 4096, 16384) a whole Magic-profile Swiss event is
run through the decider: best-of-three results drawn from hidden player strengths
(about 4% drawn matches), about 1% of the field dropping after each round (so byes
appear). Per round it prints the seconds of the full ``PairRound`` decision (standings,
bye, pairing) and of the pairing alone, and the pairing quality (rematches, total score
difference, total squared difference, method); a pairing with no rematch whose squared
difference equals the parity lower bound (``cost.score_lower_bound``) is marked optimal,
whatever the size. Where the field is small enough
(``--exact-limit``, default 600 players) the same candidates are also paired by
``networkx.max_weight_matching`` on the complete graph with the same costs, and its
time and quality are printed beside ours with a verdict. Larger fields are compared too
when the exact time projected from the largest exact run so far (blossom on the complete
graph grows about as n^3) fits ``--exact-budget`` seconds per round (default 60);
otherwise the bench says it skipped them and why.

Targets (PairRound, every round): 4,096 players < 0.5 s, 16,384 < 2 s. The bench prints
PASS/FAIL per size and exits non-zero when a target is missed or our pairing costs more
than the exact one.
"""
from __future__ import annotations

import argparse
import gc
import math
import random
import time

from chalicelib.domain.decider import fold
from chalicelib.domain.profiles import resolve_settings
from chalicelib.domain.rng import derive
from chalicelib.domain.swiss import SWISS, EnterResult, PairRound
from chalicelib.domain.swiss.cost import Weights, quality, score_lower_bound, total_cost
from chalicelib.domain.swiss.decide_pairing import round_candidates
from chalicelib.domain.swiss.exact import exact_pairs
from chalicelib.domain.swiss.pairing import pair_round

NOW = "2026-11-22T10:00:00+00:00"
TARGETS = {4096: 0.5, 16384: 2.0}      # players -> seconds per PairRound


def _result(rng: random.Random, strength: dict[str, float], a: str, b: str) -> tuple[int, int, int]:
    if rng.random() < 0.04:
        return 1, 1, 0
    p_a = 1 / (1 + math.exp(strength[b] - strength[a]))
    wins = [0, 0]
    while max(wins) < 2:
        wins[0 if rng.random() < p_a else 1] += 1
    return wins[0], wins[1], 0


def run_size(n: int, rounds: int, exact_limit: int, exact_ok=lambda players: False) -> list[dict]:
    settings = resolve_settings("mtg", {"swiss": {"rounds": rounds}})["swiss"]
    rng = random.Random(n)
    players = [f"p{i:05d}" for i in range(n)]
    strength = {p: rng.gauss(0, 1) for p in players}
    state = SWISS.initial()
    dropped: set[str] = set()
    rows = []
    for number in range(1, rounds + 1):
        active = [p for p in players if p not in dropped]
        gc.collect()        # start each timing without garbage left by earlier work
        started = time.perf_counter()
        events = SWISS.decide(PairRound("bench-seed", settings, active, NOW, "bench"), state)
        decide_s = time.perf_counter() - started
        paired = next(e for e in events if e.type == "RoundPaired").data
        before = state
        state = fold(SWISS, state, events)
        # The same candidates, paired again to time the pairing alone and for the exact.
        seed_key = state.seed_key
        _, cands = round_candidates(before, settings,
                                      seed_key, active, None)
        started = time.perf_counter()
        ours = pair_round(cands, derive(seed_key, "pair", number))
        pair_s = time.perf_counter() - started
        weights = Weights.for_players(cands)
        row = {"n": n, "round": number, "players": len(active), "bye": paired["bye"] is not None,
               "decide_s": decide_s, "pair_s": pair_s, "method": ours.method,
               "ours": ours.quality, "ours_cost": total_cost(ours.pairs, weights),
               "bound": score_lower_bound(cands)}
        assert ours.quality.as_dict() == paired["quality"]
        if len(cands) <= exact_limit or exact_ok(len(cands)):
            started = time.perf_counter()
            exact = exact_pairs(cands, weights, random.Random(number))
            row["exact_s"] = time.perf_counter() - started
            row["exact"] = quality(exact)
            row["exact_cost"] = total_cost(exact, weights)
        rows.append(row)
        for m in paired["matches"]:
            a, b, d = _result(rng, strength, m["a"], m["b"])
            state = fold(SWISS, state, SWISS.decide(EnterResult(m["id"], "j", a, b, NOW, d), state))
        dropped.update(p for p in active if rng.random() < 0.01)
    return rows


def _fmt(q) -> str:
    return f"rematches={q.rematches} diff={q.score_gap} sq={q.squared_gap}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench swiss")
    parser.add_argument("sizes", nargs="*", type=int, default=[512, 4096, 16384])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--exact-limit", type=int, default=600,
                        help="largest field always also paired by networkx (complete graph)")
    parser.add_argument("--exact-budget", type=float, default=60.0,
                        help="larger fields are compared too when the projected networkx "
                             "time per round is below this many seconds")
    args = parser.parse_args(argv or [])
    ok = True
    measured: list[tuple[int, float]] = []      # (players, networkx seconds)

    def projected(players: int) -> float | None:
        if not measured:
            return None
        return max(seconds * (players / size) ** 3 for size, seconds in measured)

    def exact_ok(players: int) -> bool:
        guess = projected(players)
        return guess is not None and guess <= args.exact_budget

    for n in args.sizes:
        rows = run_size(n, args.rounds, args.exact_limit, exact_ok)
        print(f"\n== {n} players, {args.rounds} rounds ==")
        for r in rows:
            line = (f"round {r['round']}: {r['players']} players{' +bye' if r['bye'] else ''}  "
                    f"PairRound {r['decide_s']:.3f}s  pairing {r['pair_s']:.3f}s  "
                    f"[{r['method']}] {_fmt(r['ours'])}")
            if r["ours"].rematches == 0 and r["ours"].squared_gap == r["bound"]:
                line += "  = lower bound: optimal"
            if "exact" in r:
                measured.append((r["players"], r["exact_s"]))
                same = r["ours_cost"] == r["exact_cost"]
                ok &= same
                line += (f"\n         networkx exact {r['exact_s']:.2f}s {_fmt(r['exact'])}  "
                         f"-> {'equal quality' if same else 'DIFFERENT COST'}, "
                         f"{r['exact_s'] / max(r['pair_s'], 1e-9):.0f}x slower")
            print(line)
        per_round = sum(r["decide_s"] for r in rows) / len(rows)
        worst = max(r["decide_s"] for r in rows)
        print(f"mean PairRound {per_round:.3f}s/round, max {worst:.3f}s;"
              f" mean pairing alone {sum(r['pair_s'] for r in rows) / len(rows):.3f}s")
        if all("exact" not in r for r in rows):
            guess = projected(n)
            why = (f"projected {guess / 60:.0f} min per round from the measured networkx "
                   f"time (grows ~n^3), over --exact-budget {args.exact_budget:.0f}s"
                   if guess is not None else
                   f"over --exact-limit {args.exact_limit} and no smaller exact run to "
                   "project from")
            optimal = sum(r["ours"].rematches == 0 and r["ours"].squared_gap == r["bound"]
                          for r in rows)
            print(f"networkx exact skipped: {why}; {optimal}/{len(rows)} rounds proven "
                  "optimal by the lower bound instead")
        target = TARGETS.get(n)
        if target is not None:
            passed = worst < target
            ok &= passed
            print(f"target {n} players < {target}s per round: "
                  f"{'PASS' if passed else 'FAIL'} (max {worst:.3f}s)")
    return 0 if ok else 1
