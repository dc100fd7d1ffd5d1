"""Venue node sync figures: the deployment in its deployed shape (``python -m devserver``:
moto's DynamoDB, stream projection) over loopback HTTP, a venue node in-process on the
embedded store with its sync thread, a booster draft of ``--players`` (default 256: 32
pods of 8, 3 packs of 15) written on the node through the service.

    python -m bench venue [--players 256] [--rate 7] [--outage-minutes 10]

1. **Lag with the link up**: picks at ``--rate`` per second (a 256-player draft picks
   about 7 a second: every player every ~35 s), each pick's lag = when the deployment
   acknowledged it minus when the node committed it; p50/p99/max.
2. **Catch-up after an outage**: the link cut, the picks an outage of
   ``--outage-minutes`` at that rate would bring written on the node, the link restored;
   the time until the deployment acknowledged them all, and the rate.
moto is a Python in-memory backend: absolute figures are not DynamoDB's."""
from __future__ import annotations

import argparse
import os
import tempfile
import threading
import time

from bench.guard import require
from chalicelib.config import Config
from chalicelib.data.sets import sample_sets
from chalicelib.domain import streams
from chalicelib.domain.draft.decide import POD, MakePick, OpenPod
from chalicelib.domain.product.collation import collate
from chalicelib.domain.rng import derive
from chalicelib.runtime import build_runtime
from chalicelib.service import Reply
from chalicelib.venue.node import Node
from chalicelib.venue.sync import SyncThread
from chalicelib.venue.upstream import Unreachable, Upstream
from demo.server import LocalServer
from demo.transport import UrlTransport


def _pod_key(stream: str) -> tuple[str | None, int | None]:
    """The key of a pod's stream (``pod-<tid>-3`` -> (tid, 3)), as deciders take it."""
    return streams.tournament_of(stream), streams.pod_number_of(stream)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Timed(Node):
    """A node that notes when the deployment acknowledged each event."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.acked_at: dict[str, float] = {}
        self.link_up = True
        timed = self

        class Switched(Upstream):
            def call(self, *a, **k):
                if not timed.link_up:
                    raise Unreachable("cut")
                return super().call(*a, **k)
        self.upstream_class = Switched

    def _send(self, tid, events):
        done = super()._send(tid, events)
        now = time.perf_counter()
        for e in events:
            self.acked_at.setdefault(e.event_id, now)
        return done


def _setup(deployment: LocalServer) -> tuple[str, str]:
    http = UrlTransport(deployment.url)
    org = http.request("POST", "/v1/accounts", {"role": "organizer", "name": "Bench"},
                       token=deployment.admin_key).body["api_key"]
    tid = http.request("POST", "/v1/tournaments", {"name": "Bench draft", "game": "mtg",
                                                   "format": "booster-draft"},
                       token=org).body["tournament_id"]
    return org, tid


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench venue")
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rate", type=float, default=7.0, help="picks per second")
    parser.add_argument("--outage-minutes", type=float, default=10.0)
    parser.add_argument("--lag-picks", type=int, default=1500)
    args = parser.parse_args(argv or [])

    deployment = LocalServer(store="dynamodb").start()
    try:
        org, tid = _setup(deployment)
        os.environ["PODIUM_VENUE_NODE_ID"] = "bench-node"
        rt = build_runtime(Config(store="sqlite", data_dir=tempfile.mkdtemp(prefix="venue-"),
                                  admin_key="bench-admin-key-0123456789",
                                  token_secret="bench-" + "0" * 58,
                                  sqlite_synchronous="FULL"))
        node = Timed(rt, "bench-node")
        node.take_over(deployment.url, org, tid)
        committed: dict[str, float] = {}
        rt.service.after_commit.insert(0, lambda stored: committed.update(
            {e.event_id: time.perf_counter() for e in stored}))
        SyncThread(node).start()

        card_set, pods = sample_sets()["sample-mtg"], []
        for n in range(1, args.players // 8 + 1):
            seats = [f"p{n:04d}{s:02d}00" for s in range(8)]
            packs = [[collate(card_set, "booster", derive("s", "pack", p, r)) for p in seats]
                     for r in range(3)]
            stream = streams.draft_pod(tid, n)
            rt.service.run(lambda uow, s=stream, c=OpenPod(
                tournament=tid, pod=n, seed="s", seats=seats, packs=packs,
                now=int(time.time() * 1000)): (uow.decide(POD, _pod_key(s), c),
                                               Reply(201, {}))[1])
            pods.append((stream, seats))

        def picks():
            while True:
                for stream, seats in pods:
                    state, _ = rt.service.read(POD, _pod_key(stream))
                    for seat, player in enumerate(seats):
                        pack = state.current_pack(seat)
                        if pack:
                            card = sorted(pack)[0]
                            yield stream, MakePick(player=player, card=card,
                                                   now=int(time.time() * 1000),
                                                   note="1" if state.specials.get(card)
                                                   else None)
                            break

        source = picks()

        def pick() -> str:
            stream, command = next(source)
            before = set(committed)
            rt.service.run(lambda uow: (uow.decide(POD, _pod_key(stream), command),
                                        Reply(200, {}))[1])
            return next(iter(set(committed) - before))

        # 1. lag with the link up, at the draft's rate
        written, started = [], time.perf_counter()
        for i in range(args.lag_picks):
            time.sleep(max(0.0, started + i / args.rate - time.perf_counter()))
            written.append(pick())
        deadline = time.perf_counter() + 60
        while any(e not in node.acked_at for e in written) and time.perf_counter() < deadline:
            time.sleep(0.05)
        lags = [node.acked_at[e] - committed[e] for e in written if e in node.acked_at]
        require(len(lags) == len(written),
                f"some picks were never acknowledged (last error: {node.last_error})")

        # 2. an outage: the picks it would bring, then the link restored
        node.link_up = False
        backlog = int(args.rate * args.outage_minutes * 60)
        outage = [pick() for _ in range(backlog)]
        require(node.pending() >= backlog, "the backlog is not pending")
        restored = time.perf_counter()
        node.link_up = True
        threading.Event().wait(0.01)
        while node.pending() and time.perf_counter() - restored < 1200:
            time.sleep(0.05)
        catch_up = time.perf_counter() - restored
        require(all(e in node.acked_at for e in outage), "the backlog was not acknowledged")
        print(f"venue sync, {args.players}-player draft (32 pods of 8) on the node, "
              f"deployment = devserver on moto over loopback HTTP")
        print(f"  lag with the link up, {len(lags)} picks at {args.rate}/s: "
              f"p50 {pct(lags, .5) * 1000:.0f} ms, p99 {pct(lags, .99) * 1000:.0f} ms, "
              f"max {max(lags) * 1000:.0f} ms")
        print(f"  catch-up after a {args.outage_minutes:g}-minute outage ({backlog} picks): "
              f"{catch_up:.1f} s ({backlog / catch_up:.0f} events/s)")
        return 0
    finally:
        os.environ.pop("PODIUM_VENUE_NODE_ID", None)
        deployment.stop()


if __name__ == "__main__":
    raise SystemExit(main())
