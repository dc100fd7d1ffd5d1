"""What card facts (issue 17) cost a player's draft seat, ``GET .../draft/pods/{n}/me``.

``python -m bench card_facts [--calls 1000] [--players 8] [--picks 20]``

An MTG booster draft of ``players`` (15-card packs, own picks always shown) on the
SQLite store, in-process through the Chalice app as a phone would poll it; every seat
makes ``picks`` picks, so a typical seat shows a pack of about ten cards and twenty picks.
Then ``calls`` reads of one seat with card facts, against the same reads without them
(the use case undecorated, ``seat.__wrapped__``: the baseline of the same run), in
alternating blocks so both see the same machine. Reports the reply's bytes, the median
and mean latency per read, and the event-store reads per request (each one a DynamoDB
query when deployed).
"""
from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time

from bench.scale import ADMIN, Http, sqlite_runtime
from demo.scenarios.booster import pick_body


def _draft(http: Http, players: int, picks: int) -> tuple[str, str]:
    org = http.call("POST", "/v1/accounts", {"role": "organizer", "name": "Bench"},
                    ADMIN)["api_key"]
    tid = http.call("POST", "/v1/tournaments", {"name": "Facts", "game": "mtg",
                                                "format": "booster-draft"}, org)["tournament_id"]
    tokens = [http.call("POST", f"/v1/tournaments/{tid}/players",
                        {"name": f"Player {i}"})["token"] for i in range(players)]
    http.call("POST", f"/v1/tournaments/{tid}/start", token=org)
    http.call("POST", f"/v1/tournaments/{tid}/draft", token=org)
    me = f"/v1/tournaments/{tid}/draft/pods/1/me"
    for _ in range(picks):
        for token in tokens:
            seat = http.call("GET", me, token=token)
            if seat["pack"]:
                http.call("POST", f"/v1/tournaments/{tid}/draft/pods/1/picks",
                          pick_body(seat), token)
    return me, tokens[0]


def _reads(http: Http, rt, path: str, token: str, calls: int) -> tuple[list[float], float]:
    """Seconds per read, and event-store reads per request."""
    store, counted = rt.events, [0]
    read, many = store.read, store.read_many

    def counting_read(*args, **kwargs):
        counted[0] += 1
        return read(*args, **kwargs)

    def counting_many(*args, **kwargs):
        counted[0] += 1
        return many(*args, **kwargs)
    store.read, store.read_many = counting_read, counting_many
    try:
        samples = []
        for _ in range(calls):
            start = time.perf_counter()
            http.call("GET", path, token=token)
            samples.append(time.perf_counter() - start)
    finally:
        store.read, store.read_many = read, many
    return samples, counted[0] / calls


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench card_facts")
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--picks", type=int, default=20)
    args = parser.parse_args(argv or [])

    from chalicelib.application import draft
    rt, _ = sqlite_runtime(tempfile.mkdtemp(prefix="podium-bench-facts-"))
    http = Http(rt)
    path, token = _draft(http, args.players, args.picks)
    with_facts = draft.seat
    without = with_facts.__wrapped__

    reply = http.call("GET", path, token=token)
    full = len(json.dumps(reply))
    bare = len(json.dumps({k: v for k, v in reply.items() if k != "card_facts"}))
    print(f"/me after {args.picks} picks: pack {len(reply['pack'] or [])} cards, "
          f"{len(reply['picks'] or [])} picks, {len(reply['card_facts'])} distinct cards")
    print(f"reply bytes: {bare} without facts, {full} with (+{full - bare}, "
          f"{full / bare:.2f}x; {(full - bare) / max(1, len(reply['card_facts'])):.0f} "
          f"bytes a card)")

    timings: dict[str, list[float]] = {"without": [], "with": []}
    store_reads: dict[str, list[float]] = {"without": [], "with": []}
    block = max(1, args.calls // 10)
    for _ in range(10):                     # alternate, so drift hits both alike
        for name, use_case in (("without", without), ("with", with_facts)):
            draft.seat = use_case
            try:
                samples, per_call = _reads(http, rt, path, token, block)
            finally:
                draft.seat = with_facts
            timings[name] += samples
            store_reads[name].append(per_call)
    for name in ("without", "with"):
        ms = [s * 1000 for s in timings[name]]
        print(f"{name:>7} facts: {len(ms)} reads, median {statistics.median(ms):.3f} ms, "
              f"mean {statistics.fmean(ms):.3f} ms, p99 "
              f"{sorted(ms)[int(0.99 * len(ms)) - 1]:.3f} ms, "
              f"{statistics.fmean(store_reads[name]):.1f} event-store reads a request")
    ratio = statistics.median(timings["with"]) / statistics.median(timings["without"])
    print(f"with/without (median): {ratio:.2f}x")
    return 0
