"""The deployed feeds' WebSocket fan-out on DynamoDB (moto, in process):
``python -m bench ws_fanout [--subscribers 100,500,2000] [--rounds 3] [--post-ms 0]
[--settle 0]``.

For each count N, N connections follow one tournament's public feed (their subscriptions
written straight to the connections table at the feed's current position; a few more
subscribe through the app's own ``$default`` handler, timed apart). Each round, the staff
post an announcement; the stream's records go to the projector as Lambda hands them
(``entrypoints/stream.project``), whose ``post-feed-entries`` reaction fans the entry
out: one read of the feed, then one batch per bucket of 100 subscribers, the batches
sent by parallel senders (threads here; deployed, the SQS queue's sender Lambdas), each
claiming its bucket with one conditional write and posting 32 at once. The loopback
management API records when each message arrives
(``--post-ms`` adds a delay per post, as API Gateway's own takes); measured from the
entry's commit (its ``at``) to each arrival. Every subscriber must get the entry exactly
once, after the position it had (no gap, no duplicate)."""
from __future__ import annotations

import argparse
import os
import statistics
import threading
import time
from datetime import datetime
from typing import Any

from .guard import target


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


class Gateway:
    def __init__(self, delay: float):
        self.delay = delay
        self.lock = threading.Lock()
        self.got: dict[str, list[tuple[float, dict]]] = {}

    def post_to_connection(self, ConnectionId: str, Data: bytes) -> dict:  # noqa: N803
        import json
        if self.delay:
            time.sleep(self.delay)
        arrived = time.time()
        with self.lock:
            self.got.setdefault(ConnectionId, []).append((arrived, json.loads(Data)))
        return {}


class Calls:
    """AWS calls made while counting (by service and operation)."""

    def __init__(self):
        from collections import Counter

        import botocore.client
        self.counts: Counter = Counter()
        self.on = False
        real = botocore.client.BaseClient._make_api_call
        calls = self

        def counted(client, operation, params):
            if calls.on:
                calls.counts[(client.meta.service_model.service_name, operation)] += 1
            return real(client, operation, params)
        botocore.client.BaseClient._make_api_call = counted


CALLS: Calls | None = None


def _subscribe_all(connections, subs) -> None:
    """The subscriptions as ``DynamoConnections.subscribe`` leaves them (full buckets of
    ``BUCKET_SIZE``, each connection's own item), written in bulk: setting up thousands
    one subscribe at a time takes minutes on moto and is not what is measured."""
    from chalicelib.store import dynamo_connections as dc
    expires = str(int(time.time()) + dc.LIFETIME_SECONDS)
    items = []
    for n in range(0, len(subs), dc.BUCKET_SIZE):
        chunk, feed = subs[n:n + dc.BUCKET_SIZE], subs[0].feed
        key = f"~{feed}#{n // dc.BUCKET_SIZE:05d}"
        items.append({"connection_id": {"S": key}, "feed": {"S": feed},
                      "tournament_id": {"S": subs[0].tournament_id},
                      "v": {"N": "1"}, "n": {"N": str(len(chunk))}, "expires_at": {"N": expires},
                      **{f"m_{s.connection_id}": {"S": f"{s.position} {expires} - 00000000"}
                         for s in chunk}})
        items += [{"connection_id": {"S": s.connection_id}, "feed": {"S": feed},
                   "bucket": {"S": key}, "expires_at": {"N": expires}} for s in chunk]
    items.append({"connection_id": {"S": f"~{subs[0].feed}#head"}, "feed": {"S": subs[0].feed},
                  "open": {"N": str((len(subs) - 1) // dc.BUCKET_SIZE)}})
    for n in range(0, len(items), 25):
        connections.client.batch_write_item(RequestItems={connections.table: [
            {"PutRequest": {"Item": item}} for item in items[n:n + 25]]})


def _run(count: int, rounds: int, delay: float) -> dict[str, Any]:
    from moto import mock_aws

    with mock_aws():
        import boto3

        import app as app_module
        from chalicelib.application import feeds
        from chalicelib.application.reads import Reads
        from chalicelib.push.sockets import Poster
        from chalicelib.runtime import set_runtime
        from chalicelib.store.dynamo_connections import Subscription
        from tests.api.test_health_dynamodb import Poller
        from tests.live import sockets_support as ss
        from tests.support.client import ApiClient
        ss.create_all(boto3.client("dynamodb"))
        gateway = Gateway(delay)
        Poster.connect = classmethod(lambda cls, endpoint: cls(gateway))
        rt = ss.runtime()
        set_runtime(rt)
        from chalicelib.entrypoints.stream import project
        from tests.api import test_health_dynamodb
        test_health_dynamodb.handle_stream_batch = lambda event, projector: project(event, rt)
        from tests.conftest import ADMIN_KEY
        api = ApiClient(app_module.app, ADMIN_KEY)
        poller = Poller(rt)
        org = api.organizer()
        tid = api.post("/v1/tournaments", {"name": "Bench", "game": "vtes",
                                           "format": "sealed"}, token=org).body["tournament_id"]
        poller.poll()
        sockets = rt.feed_sockets(advance=True)
        horizon = feeds.Horizon(rt.feed_progress, "dynamodb")
        start = feeds.public_feed(Reads(rt.service, rt.views), horizon, tid, None, 200)
        _subscribe_all(sockets.connections, [Subscription(f"c{i:05d}", tid, None,
                                                          start["position"])
                                             for i in range(count)])
        handlers = ss.handlers()
        subscribe_ms = []
        for i in range(20):
            began = time.perf_counter()
            handlers.message(f"h{i:02d}", {"action": "subscribe", "tournament_id": tid,
                                          "after": start["position"]})
            subscribe_ms.append((time.perf_counter() - began) * 1000)
        latencies: list[float] = []
        fanout_s: list[float] = []
        wrong = 0
        for n in range(rounds):
            before = {c: len(m) for c, m in gateway.got.items()}
            r = api.post(f"/v1/tournaments/{tid}/announcements", {"text": f"round {n}"},
                         token=org)
            assert r.status == 201, r.body
            began = time.perf_counter()
            CALLS.counts.clear()
            CALLS.on = True
            poller.poll()
            CALLS.on = False
            fanout_s.append(time.perf_counter() - began)
            for connection in [f"c{i:05d}" for i in range(count)] + \
                    [f"h{i:02d}" for i in range(20)]:
                new = gateway.got.get(connection, [])[before.get(connection, 0):]
                texts = [e["data"]["text"] for _, m in new for e in m.get("entries", [])]
                if texts != [f"round {n}"]:
                    wrong += 1
                    continue
                arrived, message = new[-1]
                at = datetime.fromisoformat(message["entries"][0]["at"]).timestamp()
                latencies.append(arrived - at)
        set_runtime(None)
        return {"count": count, "latencies": latencies, "fanout_s": fanout_s,
                "wrong": wrong, "subscribe_ms": subscribe_ms, "calls": dict(CALLS.counts)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench ws_fanout")
    parser.add_argument("--subscribers", default="100,500,2000")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--post-ms", type=float, default=0.0)
    parser.add_argument("--settle", type=float, default=0.0)
    args = parser.parse_args(argv)
    os.environ.update(AWS_ACCESS_KEY_ID="testing", AWS_SECRET_ACCESS_KEY="testing",
                      AWS_DEFAULT_REGION="us-east-1", AWS_ACCOUNT_ID_ENDPOINT_MODE="disabled",
                      PODIUM_FEED_SETTLE_SECONDS=str(args.settle),
                      PODIUM_CONNECTIONS_TABLE="conns", PODIUM_WEBSOCKET_ENDPOINT=
                      "https://abc123.execute-api.us-east-1.amazonaws.com/api")
    from chalicelib.application import feeds
    feeds.HORIZON_CACHE_SECONDS = 0
    global CALLS
    CALLS = Calls()
    ok = True
    print(f"post delay {args.post_ms} ms, settle {args.settle} s, {args.rounds} rounds")
    for count in [int(c) for c in args.subscribers.split(",")]:
        result = _run(count, args.rounds, args.post_ms / 1000)
        lat = result["latencies"]
        print(f"N={count + 20}: commit->arrival p50 {_pct(lat, 0.5) * 1000:.0f} ms, "
              f"p99 {_pct(lat, 0.99) * 1000:.0f} ms, max {max(lat) * 1000:.0f} ms; "
              f"projector batch incl. fan-out {statistics.median(result['fanout_s']):.2f} s "
              f"(median of {args.rounds}); subscribe via $default p50 "
              f"{_pct(result['subscribe_ms'], 0.5):.0f} ms; wrong deliveries "
              f"{result['wrong']}")
        calls = result["calls"]
        dynamo = {op: n for (_, op), n in sorted(calls.items())}
        print(f"  last round's projector batch, DynamoDB and streams calls: {dynamo}")
        ok &= target(f"every subscriber of {count + 20} got each entry exactly once",
                     result["wrong"] == 0)
    return 0 if ok else 1
