"""Live feeds under load on loopback: ``python -m bench live [--subscribers 2000]
[--players 200] [--subscriptions-per-player 10] [--max-seconds 120]``.

A local server (SQLite) runs a Swiss event of ``--players``. ``--subscribers`` SSE clients
(one selector thread, ``bench/_live_clients.py``) follow its public feed, and every player
registers ``--subscriptions-per-player`` Web Push subscriptions at a loopback push service
that checks the VAPID signature and decrypts each message. Measured:

* pairing: from the round's commit (its ``recorded_at``, the entry's ``at``) to each
  subscriber receiving ``round.paired`` (target p99 < 1 s);
* reconnect storm: every subscriber disconnects, the round's results are confirmed, and
  all reconnect at once with ``Last-Event-ID``: each must receive exactly the entries the
  catch-up route lists after its id (no gap, no duplicate); time until all have;
* Web Push: from the pairing's commit until every player's pairing reached every one of
  their subscriptions (target < 10 s for 2,000)."""
from __future__ import annotations

import argparse
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime

from demo.client import Api
from demo.server import LocalServer
from demo.transport import UrlTransport

from ._live_clients import PushService, SseCrowd


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def _wait(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def _event(api: Api, players: int, pool: ThreadPoolExecutor):
    org = api.organizer("Live Bench")
    tid = api.tournament(org, "Live", "vtes", "sealed", structure="swiss")
    roster = list(pool.map(lambda i: api.register(tid, f"Player {i}"), range(players)))
    api.post(f"/v1/tournaments/{tid}/start", token=org)
    api.post(f"/v1/tournaments/{tid}/sealed", token=org)
    api.post(f"/v1/tournaments/{tid}/sealed/open", token=org)
    return org, tid, roster


def run(args) -> int:
    status = 0
    with LocalServer(env={"PODIUM_PUSH_ALLOW_LOOPBACK": "1"}) as server, \
            ThreadPoolExecutor(16) as pool:
        api = Api(UrlTransport(server.url), server.admin_key)
        push = PushService(api.get("/v1/push/key")["public_key"])
        org, tid, roster = _event(api, args.players, pool)
        subs = [(p, f"{p['player_id']}-{k}") for p in roster
                for k in range(args.subscriptions_per_player)]
        list(pool.map(lambda s: api.post(
            f"/v1/tournaments/{tid}/players/{s[0]['player_id']}/push-subscriptions",
            push.subscription(s[1]), token=s[0]["token"]), subs))
        print(f"event {tid}: {len(roster)} players, {len(subs)} push subscriptions")

        crowd = SseCrowd(server.url, f"/v1/tournaments/{tid}/feed/stream", args.subscribers)
        started = time.monotonic()
        crowd.connect_all()
        ready = _wait(lambda: all(any(e[0] == "position" for e in s.events)
                                  for s in crowd.subs), args.max_seconds)
        print(f"{args.subscribers} subscribers connected in {time.monotonic() - started:.2f} s"
              f" ({'all ready' if ready else 'NOT all ready'})")

        paired = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org)
        got = _wait(lambda: all(any(e[0] == "round.paired" for e in s.events)
                                for s in crowd.subs), args.max_seconds)
        delays = []
        for sub in crowd.subs:
            for name, _, at, data in sub.events:
                if name == "round.paired":
                    recorded = datetime.fromisoformat(data["at"]).timestamp()
                    delays.append(at - recorded)
        p99 = _pct(delays, 0.99)
        print(f"pairing to {len(delays)}/{args.subscribers} subscribers: p50 "
              f"{_pct(delays, 0.5) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, max "
              f"{max(delays, default=float('nan')) * 1000:.0f} ms "
              f"({'met' if got and p99 < 1.0 else 'NOT met'}: p99 < 1 s)")
        status |= 0 if got and p99 < 1.0 else 1

        expected_push = sum(1 for p in roster if any(
            p["player_id"] in (m["a"], m["b"]) for m in paired["matches"])
            or p["player_id"] == paired.get("bye")) * args.subscriptions_per_player
        pushed = _wait(lambda: len(push.received) >= expected_push, args.max_seconds)
        first = min((datetime.fromisoformat(m["at"]).timestamp()
                     for _, _, m in push.received), default=0.0)
        last = max((t for t, _, _ in push.received), default=0.0)
        print(f"web push: {len(push.received)}/{expected_push} delivered, decrypted and "
              f"verified in {last - first:.2f} s from the pairing's commit "
              f"({len(push.problems)} problems; "
              f"{'met' if pushed and last - first < 10 and not push.problems else 'NOT met'}"
              f": < 10 s)")
        status |= 0 if pushed and last - first < 10 and not push.problems else 1

        status |= _storm(api, crowd, tid, paired, roster, args)
        crowd.stop()
        push.stop()
    return status


def _storm(api: Api, crowd: SseCrowd, tid: str, paired, roster, args) -> int:
    crowd.close_all()
    tokens = {p["player_id"]: p["token"] for p in roster}
    marks = {s.index: (s.last_id, len(s.events)) for s in crowd.subs}
    for m in paired["matches"]:
        base = f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}"
        api.post(f"{base}/result", {"a": 1, "b": 0}, token=tokens[m["a"]])
        api.post(f"{base}/confirm", token=tokens[m["b"]])
    started = time.monotonic()
    crowd.connect_all()
    done = _wait(lambda: all(any(e[0] == "standings.updated" for e in s.events[marks[
        s.index][1]:]) for s in crowd.subs), args.max_seconds)
    took = time.monotonic() - started
    expected_by_mark: dict[str, list[str]] = {}
    wrong = 0
    for sub in crowd.subs:
        last_id, seen = marks[sub.index]
        if last_id not in expected_by_mark:
            entries, after = [], last_id
            while True:
                page = api.get(f"/v1/tournaments/{tid}/feed?limit=200&after={after}")
                entries += [e["position"] for e in page["entries"]]
                after = page["position"]
                if not page["more"]:
                    break
            expected_by_mark[last_id] = entries
        got = [i for name, i, _, _ in sub.events[seen:] if name != "position"]
        wrong += got[:len(expected_by_mark[last_id])] != expected_by_mark[last_id]
    ok = done and wrong == 0
    print(f"reconnect storm: {len(crowd.subs)} resumed with Last-Event-ID, all caught up in "
          f"{took:.2f} s, {wrong} with a gap or duplicate ({'met' if ok else 'NOT met'})")
    return 0 if ok else 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench live", description=__doc__)
    parser.add_argument("--subscribers", type=int, default=2000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--subscriptions-per-player", type=int, default=10)
    parser.add_argument("--max-seconds", type=float, default=120)
    return run(parser.parse_args(argv))
