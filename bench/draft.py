"""Booster-draft benchmark: many pods drafting at once on the SQLite store, in-process.

``python -m bench draft [--pods 125] [--players 8] [--packs 3] [--data-dir DIR]``

Opens ``pods`` pods of ``players`` players with ``packs`` packs of 15 cards (the
``sample-mtg`` booster, collated from a seed), then drafts every card through the
service (load cached state -> decide -> atomic append -> inline projection), one pick
per seat per pod in turn, so the pods interleave as concurrent tables would. Reports
picks/s, p50/p99 pick latency, and the latency of each pod's last picks against its
first picks (the state is cached per stream, so a pick never replays the stream and
the last pick of a pod should cost about what the first did). Baseline measured in the
same run: folding a whole pod stream from scratch, which is what every pick would pay
without the cache.
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

from bench.guard import require, target
from chalicelib.config import Config
from chalicelib.data.sets import sample_sets
from chalicelib.domain import streams as stream_ids
from chalicelib.domain.decider import fold
from chalicelib.domain.draft.aggregate import POD
from chalicelib.domain.draft.commands import MakePick, OpenPod
from chalicelib.domain.product.collation import collate
from chalicelib.domain.rng import derive
from chalicelib.runtime import build_runtime
from chalicelib.service import Reply


def _pod_key(stream: str) -> tuple[str | None, int | None]:
    """The key of a pod's stream (``pod-<tid>-3`` -> (tid, 3)), as deciders take it."""
    return stream_ids.tournament_of(stream), stream_ids.pod_number_of(stream)

def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench draft")
    parser.add_argument("--pods", type=int, default=125)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--packs", type=int, default=3)
    parser.add_argument("--data-dir", default=None)
    # The product default (PODIUM_SQLITE_SYNCHRONOUS=FULL); NORMAL is faster but a power
    # loss may drop the last commits.
    parser.add_argument("--synchronous", default="FULL", choices=["FULL", "NORMAL", "OFF"],
                        type=str.upper)
    args = parser.parse_args(argv or [])

    data_dir = args.data_dir or tempfile.mkdtemp(prefix="podium-bench-draft-")
    rt = build_runtime(Config(store="sqlite", data_dir=os.path.join(data_dir, "data"),
                              admin_key="bench-admin-key-0123456789",
                              token_secret="bench-" + "0" * 58,
                              sqlite_synchronous=args.synchronous))
    card_set = sample_sets()["sample-mtg"]
    tid, seed = "t00000000be01", "bench-seed"     # t + 12 hex digits, as created
    now = int(time.time() * 1000)

    started = time.perf_counter()
    streams = []
    for n in range(1, args.pods + 1):
        seats = [f"p{n:04d}{s:02d}" for s in range(args.players)]
        packs = [[collate(card_set, "booster", derive(seed, "pack", player, r))
                  for player in seats] for r in range(args.packs)]
        command = OpenPod(tournament=tid, pod=n, seed=seed, seats=seats, packs=packs, now=now)
        stream = stream_ids.draft_pod(tid, n)
        require(stream_ids.tournament_of(stream) == tid,
                f"{stream} is not a stream of tournament {tid} to the projector")
        rt.service.run(lambda uow, k=(tid, n), c=command: (uow.decide(POD, k, c),
                                                           Reply(201, {}))[1])
        streams.append((stream, seats))
    open_seconds = time.perf_counter() - started

    latencies: list[float] = []
    per_pod: dict[str, list[float]] = {stream: [] for stream, _ in streams}
    picks = 0
    started = time.perf_counter()
    active = list(streams)
    while active:
        still = []
        for stream, seats in active:
            state, _ = rt.service.read(POD, _pod_key(stream))
            if state.finished:
                continue
            still.append((stream, seats))
            for seat, player in enumerate(seats):
                pack = state.current_pack(seat)
                if not pack:
                    continue
                card = sorted(pack)[0]
                now += 1
                command = MakePick(player=player, card=card, now=now,
                                   note="1" if state.specials.get(card) else None)
                t0 = time.perf_counter()
                rt.service.run(lambda uow, s=stream, c=command: (
                    uow.decide(POD, _pod_key(s), c), Reply(200, {}))[1])
                elapsed = time.perf_counter() - t0
                latencies.append(elapsed)
                per_pod[stream].append(elapsed)
                picks += 1
                state, _ = rt.service.read(POD, _pod_key(stream))
        active = still
    draft_seconds = time.perf_counter() - started

    expected = args.pods * args.players * args.packs * 15
    k = args.players
    firsts = [statistics.median(v[:k]) for v in per_pod.values()]
    lasts = [statistics.median(v[-k:]) for v in per_pod.values()]
    first_ms = statistics.median(firsts) * 1000
    last_ms = statistics.median(lasts) * 1000

    # baseline: replaying one whole pod stream (what a pick would cost without the cache)
    stream = streams[0][0]
    stored = rt.events.read(stream)
    t0 = time.perf_counter()
    rounds = 5
    for _ in range(rounds):
        fold(POD, POD.initial(), [e.event for e in stored])
    replay_ms = (time.perf_counter() - t0) / rounds * 1000
    read_t0 = time.perf_counter()
    for _ in range(rounds):
        rt.events.read(stream)
    read_ms = (time.perf_counter() - read_t0) / rounds * 1000

    durability = (" = the product default" if args.synchronous == "FULL"
                  else ", NOT the product default FULL")
    print(f"pods {args.pods} x players {args.players} x packs {args.packs} x 15 cards "
          f"(SQLite synchronous={args.synchronous}{durability}, data {data_dir})")
    print(f"opened {args.pods} pods ({args.pods * args.players * args.packs} packs) in "
          f"{open_seconds:.2f} s")
    print(f"picks: {picks} (expected {expected}) in {draft_seconds:.2f} s = "
          f"{picks / draft_seconds:,.0f} picks/s")
    print(f"pick latency: p50 {percentile(latencies, 0.5) * 1000:.2f} ms, "
          f"p99 {percentile(latencies, 0.99) * 1000:.2f} ms, "
          f"max {max(latencies) * 1000:.2f} ms")
    ratio = last_ms / first_ms
    print(f"per pod (median over pods of the median of {k} picks): first picks "
          f"{first_ms:.2f} ms, last picks {last_ms:.2f} ms, ratio last/first {ratio:.2f}")
    print(f"baseline, no cache: reading a finished pod stream ({len(stored)} events) "
          f"{read_ms:.2f} ms + folding it {replay_ms:.2f} ms = {read_ms + replay_ms:.2f} ms "
          f"per pick; cached p50 pick is "
          f"{(read_ms + replay_ms) / (percentile(latencies, 0.5) * 1000):.1f}x faster")
    ok = target(f"every card picked ({picks} of {expected})", picks == expected)
    ok &= target(f"a pod's last picks within 1.5x its first ({ratio:.2f}x)", ratio <= 1.5)
    return 0 if ok else 1
