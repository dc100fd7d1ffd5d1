"""Swiss pairing benchmark: whole 12-round events, every round's ``PairRound`` timed.

``python -m bench swiss [sizes...] [--events N] [--rounds N] [--exact-up-to N]
[--exact-events N] [--fide SIZE ...] [--compare-python PATH]``

For each player count (default 256 to 16,384) ``--events`` (default 10)
seeded Magic-profile events of ``--rounds`` (default 12) rounds are run purely through
the deciders (``bench.swiss_events``: realistic best-of-three results with draws, about
1% of the field dropping after each round, so byes come and go). Per size it prints the
worst round's ``PairRound`` time (p100) and where it was, the median, the share of rounds
whose pairing is proven optimal (``optimal`` in ``RoundPaired``), the largest recorded
gap, rematches, and byes.

Comparisons in the same run, on the first ``--exact-events`` (default 1) events of each
size up to ``--exact-up-to`` (default 1,024 players): every round's candidates paired
exactly on the complete graph by networkx's ``max_weight_matching`` (the reference) and
by rustworkx's (the solver Podium uses), with the same costs; and at the ``--fide``
sizes (default 256 and 1,024) by a FIDE Dutch engine (the ``pairing-core`` package, in
this environment or the one named by ``--compare-python``), whose pairing is costed
with Podium's cost (rematches, squared score gaps).

Targets: every round < 0.5 s of CPU at 4,096 and at 16,384 players; no avoidable second
bye; no round costing more than the exact optimum where that is measured while
claiming to be optimal, and never more rematches than the exact optimum; from 16,384
players, ranking (``round_candidates``: records, order, candidates) under the rest of
``PairRound`` (the pairing) in CPU time, per round the median of five alternated runs
of each from what a warm process keeps. The bench exits non-zero when one is missed.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from bench.compare_env import Bridge
from bench.guard import target as verdict
from bench.swiss_checks import (
    best_of,
    cold,
    exact_solve,
    pair_again,
    paired_ratio,
    rank_again,
    ranking_and_pairing,
    true_gaps,
    warm,
)
from bench.swiss_events import Event, PairedRound
from chalicelib.domain.swiss.cost import Candidate, Weights, quality, total_cost
from chalicelib.domain.swiss.exact import exact_pairs
from chalicelib.domain.swiss.state import SwissState

TARGETS = {4096: 0.5, 16384: 0.5}      # players -> seconds per PairRound, every round
SMALL = {256: 1.2}     # players -> the worst round within this many exact solves of its graph
RANKED = 16384         # ranking (records, tiebreakers) costs less than pairing from here


def _ours(r: PairedRound) -> list[tuple[Candidate, Candidate]]:
    by_id = {c.id: c for c in r.candidates}
    return [(by_id[m["a"]], by_id[m["b"]]) for m in r.paired.matches()]


def _exact(r: PairedRound, solver: str) -> tuple[float, int, int]:
    weights = Weights.for_players(r.candidates)
    started = time.perf_counter()
    got = exact_pairs(r.candidates, weights, random.Random(r.number), solver)
    return time.perf_counter() - started, total_cost(got, weights), quality(got).rematches


def _fide_request(r: PairedRound, state: SwissState) -> dict:
    """The round's candidates as a FIDE engine sees them: pairing numbers in entry
    order, points, colours (first-listed player as white), opponents."""
    number_of = {c.id: int(c.id[1:]) for c in r.candidates}
    colours: dict[str, str] = {c.id: "" for c in r.candidates}
    for rnd in state.rounds[: r.number - 1]:
        seen = {}
        for m in rnd.matches:
            seen[m.a], seen[m.b] = "w", "b"
        for pid in colours:
            colours[pid] += seen.get(pid, "-")
    return {"round": r.number, "players": [
        {"id": number_of[c.id], "no": number_of[c.id] + 1, "points": float(c.score),
         "colors": colours[c.id],
         "opponents": sorted(number_of[o] for o in c.opponents if o in number_of)}
        for c in r.candidates]}


def _fide_quality(r: PairedRound, answer: dict) -> tuple[int, int, int]:
    by_number = {int(c.id[1:]): c for c in r.candidates}
    pairs = [(by_number[a], by_number[b]) for a, b in answer["pairs"]]
    q = quality(pairs)
    return q.rematches, q.squared_gap, len(r.candidates) - 2 * len(pairs)


def run_size(n: int, args, fide: Bridge) -> tuple[bool, list[str]]:
    ok, notes = True, []
    rounds: list[tuple[int, PairedRound]] = []
    compared: list[dict] = []
    bye_trouble = 0
    first = args.first_event
    for seed in range(first, first + args.events):
        event = Event(n, args.rounds, seed)
        byes: Counter[str] = Counter()
        compare = seed < first + args.exact_events and (
            n <= args.exact_up_to or (n in args.fide and fide.available))
        for r in event.run():
            rounds.append((seed, r))
            bye = r.paired.bye
            if bye is not None:
                if byes[bye] > min(byes[p] for p in event.active):
                    bye_trouble += 1
                byes[bye] += 1
            if not compare:
                continue
            row = {"round": r.number, "ours_s": r.seconds, "optimal": r.paired.optimal,
                   "ours": total_cost(_ours(r), Weights.for_players(r.candidates)),
                   "ours_q": quality(_ours(r))}
            if n <= args.exact_up_to:
                row["rx_s"], row["rx"], row["rx_rem"] = _exact(r, "rustworkx")
                row["nx_s"], row["nx"], row["nx_rem"] = _exact(r, "networkx")
            if n in args.fide and fide.available:
                answer = fide.call([_fide_request(r, event.state)])[0]
                if "error" in answer:
                    row["fide_error"] = answer["error"]
                else:
                    row["fide_s"] = answer["seconds"]
                    row["fide"] = _fide_quality(r, answer)
            compared.append(row)
    times = [r.seconds for _, r in rounds]
    worst_seed, worst = max(rounds, key=lambda sr: sr[1].seconds)
    proven = sum(r.paired.optimal for _, r in rounds)
    gaps = [r.paired.gap for _, r in rounds]
    rematches = sum(r.paired.quality["rematches"] for _, r in rounds)
    methods = Counter(r.paired.method for _, r in rounds)
    print(f"\n== {n} players: {args.events} events (from event {first}) x {args.rounds} rounds "
          f"({len(rounds)} rounds, {sum(r.paired.bye is not None for _, r in rounds)} "
          "with a bye) ==")
    cpu_seed, slowest = max(rounds, key=lambda sr: sr[1].cpu)
    cpus = [r.cpu for _, r in rounds]
    print(f"PairRound p100 {worst.seconds:.3f}s (event {worst_seed}, round {worst.number}, "
          f"{worst.paired.method}), p50 {statistics.median(times):.3f}s, "
          f"mean {statistics.fmean(times):.3f}s; in CPU time p100 {slowest.cpu:.3f}s (event "
          f"{cpu_seed}, round {slowest.number}), p50 {statistics.median(cpus):.3f}s")
    print(f"proven optimal {proven}/{len(rounds)} ({100 * proven / len(rounds):.1f}%); "
          f"largest gap {max(gaps)} (squared score points), rounds with a gap "
          f"{sum(g > 0 for g in gaps)}; rematches {rematches}; methods "
          + ", ".join(f"{m} {c}" for m, c in sorted(methods.items())))
    if bye_trouble:
        ok = False
        notes.append(f"{n}: {bye_trouble} avoidable second byes")
    print(f"second byes while someone had fewer: {bye_trouble}")
    unproven = [(seed, r) for seed, r in rounds if not r.paired.optimal]
    lines, worse = true_gaps(unproven, args.true_gap_up_to)
    for line in lines:
        print(f"not proven: {line}")
    ok &= verdict(f"{n} players: every round proven optimal ({proven}/{len(rounds)}), "
                  f"none above an exact solve ({worse} above)", not unproven and not worse)
    if n <= max(SMALL):
        ok &= _small_field(n, rounds, worst, first)
    if n >= RANKED:
        event0 = [r for seed, r in rounds if seed == first]
        ranked, paired = ranking_and_pairing(event0)
        scratch = sum(best_of(rank_again(r), setup=cold) for r in event0)
        pairing = paired - ranked
        print(f"event {first} again (CPU, per round the median of 5 runs of each, alternated): "
              f"ranking {ranked:.2f}s of PairRound's {paired:.2f}s over {len(event0)} rounds, "
              f"pairing (the rest) {pairing:.2f}s, ranking / pairing x{ranked / pairing:.2f}; "
              f"ranking in a cold process (nothing kept, best of 3) {scratch:.2f}s")
        passed = verdict(f"{n} players: ranking costs less than pairing ({ranked:.2f}s vs "
                         f"{pairing:.2f}s of CPU)", ranked < pairing)
        ok &= passed
        if not passed:
            notes.append(f"{n}: ranking {ranked:.2f}s of CPU, not under pairing's "
                         f"{pairing:.2f}s")
    target = TARGETS.get(n)
    if target is not None:
        passed = verdict(f"{n} players: every round < {target}s of CPU (worst "
                         f"{slowest.cpu:.3f}s; wall {worst.seconds:.3f}s)", slowest.cpu < target)
        ok &= passed
        if not passed:
            notes.append(f"{n}: worst round {slowest.cpu:.3f}s of CPU over {target}s")
    if compared:
        ok &= _print_comparison(n, compared, fide, notes)
    return ok, notes


def _small_field(n: int, rounds: list[tuple[int, PairedRound]], worst: PairedRound,
                 first: int) -> bool:
    """PairRound against one exact solve of the same graph on every round that solved
    exactly (of the first three events) and on the slowest round, each ratio the median
    of 21 interleaved pairs in CPU time with its spread (``swiss_checks.paired_ratio``).
    The verdict is on the worst round, the one whose PairRound takes the most CPU in
    those pairs: not the slowest of one noisy timing, so a re-run judges the same one."""
    judged = [(s, r) for s, r in rounds
              if s < first + 3 and r.paired.method.startswith("exact")]
    judged += [(s, r) for s, r in rounds if r is worst and (s, r) not in judged]
    measured = []
    for seed, r in judged:
        got = paired_ratio(pair_again(r), exact_solve(r), setup=warm(r))
        measured.append((got, seed, r))
        print(f"event {seed} round {r.number} ({r.paired.method}, {len(r.candidates)} "
              f"paired): PairRound / one exact solve of its graph {got}")
    got, seed, r = max(measured, key=lambda m: m[0].first)
    high, hseed, hr = max(measured, key=lambda m: m[0].median)
    print(f"highest ratio: event {hseed} round {hr.number} x{high.median:.2f} "
          f"(+{(high.first - high.second) * 1000:.1f} ms over a {high.second * 1000:.1f} ms "
          "solve)")
    if n not in SMALL:
        return True
    return verdict(f"{n} players: worst round (event {seed} round {r.number}, "
                   f"{got.first * 1000:.1f} ms CPU) within {SMALL[n]}x one exact solve of its "
                   f"graph (x{got.median:.2f}, middle half x{got.low:.2f}-x{got.high:.2f})",
                   got.median <= SMALL[n])


def _print_comparison(n: int, rows: list[dict], fide: Bridge, notes: list[str]) -> bool:
    ok = True
    print("-- the first event round by round beside the exact solvers and the FIDE Dutch engine --")
    for row in rows:
        line = (f"round {row['round']:>2}: Podium {row['ours_s']:.3f}s cost "
                f"{row['ours_q'].squared_gap} sq, {row['ours_q'].rematches} rematches"
                f"{'' if row['optimal'] else ' (not proven optimal)'}")
        if "nx" in row:
            same = row["ours"] == row["nx"] == row["rx"]
            bad = (row["optimal"] and row["ours"] != row["nx"]) or \
                row["ours_q"].rematches > row["nx_rem"]
            ok &= not bad
            costs = ("same cost" if same else
                     f"cost ours/nx/rx {row['ours']}/{row['nx']}/{row['rx']}")
            line += (f" | exact: networkx {row['nx_s']:.2f}s, rustworkx {row['rx_s']:.3f}s, "
                     f"{costs}")
            if bad:
                notes.append(f"{n}: round {row['round']} costs more than the exact optimum")
        if "fide_error" in row:
            line += f" | FIDE Dutch failed: {row['fide_error']}"
        if "fide" in row:
            rem, sq, unpaired = row["fide"]
            line += (f" | FIDE Dutch {row['fide_s']:.2f}s: {sq} sq, {rem} rematches"
                     f"{f', {unpaired} unpaired' if unpaired else ''}")
        print(line)
    if "nx" in rows[0]:
        same = sum(r["ours"] == r["nx"] for r in rows)
        nx_s = [r["nx_s"] for r in rows]
        rx_s = [r["rx_s"] for r in rows]
        ours_s = [r["ours_s"] for r in rows]
        print(f"exact comparison: Podium's cost equals the exact optimum in {same}/{len(rows)} "
              f"rounds; networkx mean {statistics.fmean(nx_s):.2f}s (max {max(nx_s):.2f}s), "
              f"rustworkx mean {statistics.fmean(rx_s):.3f}s (max {max(rx_s):.3f}s, "
              f"{statistics.fmean(nx_s) / statistics.fmean(rx_s):.0f}x faster than networkx), "
              f"Podium's PairRound mean {statistics.fmean(ours_s):.3f}s")
    paired = [r for r in rows if "fide" in r]
    if paired:
        ours_sq = sum(r["ours_q"].squared_gap for r in paired)
        fide_sq = sum(r["fide"][1] for r in paired)
        fide_rem = sum(r["fide"][0] for r in paired)
        fide_s = [r["fide_s"] for r in paired]
        failed = len(rows) - len(paired)
        print(f"FIDE Dutch ({fide.where()}), {len(paired)} rounds paired"
              f"{f', {failed} refused' if failed else ''}: total squared gap {fide_sq} vs Podium "
              f"{ours_sq}, rematches {fide_rem} vs "
              f"{sum(r['ours_q'].rematches for r in paired)}; mean {statistics.fmean(fide_s):.2f}s "
              f"(max {max(fide_s):.2f}s) per round vs Podium's PairRound "
              f"{statistics.fmean(r['ours_s'] for r in paired):.3f}s")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench swiss")
    parser.add_argument("sizes", nargs="*", type=int,
                        default=[256, 512, 1024, 2048, 4096, 8192, 16384])
    parser.add_argument("--events", type=int, default=10)
    parser.add_argument("--first-event", type=int, default=0,
                        help="the first event's number (its seed): 10 and up are a second, "
                        "independent set of events")
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--exact-up-to", type=int, default=1024,
                        help="largest field also paired exactly (networkx and rustworkx)")
    parser.add_argument("--exact-events", type=int, default=1,
                        help="events per size compared with the exact and FIDE pairers")
    parser.add_argument("--fide", type=int, nargs="*", default=[256, 1024],
                        help="sizes also paired by the FIDE Dutch engine (pairing-core)")
    parser.add_argument("--true-gap-up-to", type=int, default=4096,
                        help="largest unproven field solved exactly for its true gap")
    parser.add_argument("--compare-python", default=None,
                        help="interpreter of an environment with pairing-core")
    args = parser.parse_args(argv or [])
    fide = Bridge("pairing-core", "pairing_core", "fide_bridge.py", args.compare_python)
    import numpy  # noqa: F401  the solver's imports, once per process as in a warm Lambda:
    import rustworkx  # noqa: F401  not charged to the first exact round of the first size
    if args.fide:
        print(f"FIDE Dutch comparison: {fide.where()}")
    ok, notes = True, []
    for n in args.sizes:
        passed, why = run_size(n, args, fide)
        ok &= passed
        notes += why
    if ok:
        print("\nall targets met")
    else:       # each missed target printed its FAIL line above; the notes say more
        print("\nTARGETS MISSED (the FAIL lines above)" + "".join(f"\n  {n}" for n in notes))
    return 0 if ok else 1
