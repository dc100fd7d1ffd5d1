"""Foundation figures: append latency (p50/p99) on each store, the service path over the raw
append (baseline, same run), projector throughput, and the cold import time of ``app``.

    python -m bench foundation [--appends N]
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

from chalicelib.domain import tournament as t
from chalicelib.projections import all_projections
from chalicelib.projections.projector import Projector
from chalicelib.service import CommandService, Reply
from chalicelib.store.ports import NewEvent, append


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def sqlite_stores(directory: str, sync: str):
    from chalicelib.store.sqlite_events import SqliteEventStore
    from chalicelib.store.sqlite_views import SqliteViewStore
    return (SqliteEventStore(os.path.join(directory, f"events-{sync}.db"), sync),
            SqliteViewStore(os.path.join(directory, f"views-{sync}.db")))


def moto_stores():
    os.environ.update(AWS_ACCESS_KEY_ID="x", AWS_SECRET_ACCESS_KEY="x",
                      AWS_DEFAULT_REGION="us-east-1")
    import boto3
    from moto import mock_aws

    from chalicelib.store.dynamo_events import DynamoEventStore
    from chalicelib.store.dynamo_tables import create_tables
    from chalicelib.store.dynamo_views import DynamoViewStore
    mock = mock_aws()
    mock.start()
    client = boto3.client("dynamodb")
    create_tables(client, "e", "i", "v")
    return DynamoEventStore(client, "e", "i"), DynamoViewStore(client, "v"), mock


def time_raw_appends(events, n: int) -> list[float]:
    stream = f"bench-{uuid.uuid4().hex[:6]}"
    samples = []
    for version in range(n):
        start = time.perf_counter()
        append(events, stream, version, [NewEvent("Happened", {"n": version, "pad": "x" * 200})])
        samples.append(time.perf_counter() - start)
    return samples


def time_service_commands(events, views, n: int) -> list[float]:
    """Player registrations through the service (decide, append, inline projection)."""
    service = CommandService(events)
    projector = Projector(events, views, all_projections())
    service.after_commit.append(projector.after_commit)
    tid = "t" + uuid.uuid4().hex[:12]

    def create(uow):
        uow.decide(t.TOURNAMENT, f"tournament-{tid}", t.CreateTournament(
            tid, "o1", "Bench", "vtes", "sealed", "swiss", "seed", uow.now.isoformat(),
            settings={"registration": {"max_players": 20000}}))
        return Reply(201, {})
    service.run(create)
    samples = []
    for i in range(n):
        def register(uow, i=i):
            uow.decide(t.TOURNAMENT, f"tournament-{tid}",
                       t.RegisterPlayer(f"p{i}", f"Player {i}", None, True, uow.now.isoformat()))
            return Reply(201, {})
        start = time.perf_counter()
        service.run(register)
        samples.append(time.perf_counter() - start)
    return samples


def projector_throughput(events, views, n_streams: int = 50, per_stream: int = 40) -> float:
    tids = ["t" + uuid.uuid4().hex[:12] for _ in range(n_streams)]
    for tid in tids:
        stream = f"tournament-{tid}"
        created = t.decide(t.CreateTournament(tid, "o", "B", "vtes", "sealed", "swiss", "s", "now"),
                           t.TOURNAMENT.initial())
        regs = [NewEvent("PlayerRegistered", {"player_id": f"p{i}", "name": f"P{i}",
                                              "member_id": None, "late": False,
                                              "registered_at": "now"}) for i in range(per_stream)]
        append(events, stream, 0, [NewEvent(e.type, e.data) for e in created] + regs)
    projector = Projector(events, views, all_projections())
    start = time.perf_counter()
    applied = projector.rebuild()
    return applied / (time.perf_counter() - start)


def cold_import_seconds(runs: int = 5) -> tuple[float, float]:
    def timed(code: str) -> float:
        best = float("inf")
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            best = min(best, time.perf_counter() - start)
        return best
    return timed("import app"), timed("pass")


def report(name: str, samples: list[float], baseline: list[float] | None = None) -> None:
    line = (f"  {name:<44} p50 {pct(samples, .5):7.2f} ms   p99 {pct(samples, .99):7.2f} ms"
            f"   mean {statistics.mean(samples) * 1000:7.2f} ms")
    if baseline:
        line += f"   x{statistics.median(samples) / statistics.median(baseline):.2f} vs raw append"
    print(line)


def main(argv: list[str]) -> int:
    n = int(argv[argv.index("--appends") + 1]) if "--appends" in argv else 1000
    print(f"Foundation benchmark ({n} appends per series, {os.cpu_count()} cores)")
    with tempfile.TemporaryDirectory() as directory:
        for sync in ("FULL", "NORMAL"):
            events, views = sqlite_stores(directory, sync)
            raw = time_raw_appends(events, n)
            report(f"SQLite synchronous={sync}: raw append", raw)
            report(f"SQLite synchronous={sync}: register command", time_service_commands(
                events, views, n), raw)
        events, views = sqlite_stores(directory, "OFF")
        print(f"  projector rebuild, SQLite:        {projector_throughput(events, views):9.0f} events/s")
    events, views, mock = moto_stores()
    raw = time_raw_appends(events, n // 4)
    report("DynamoDB (moto in-process): raw append", raw)
    report("DynamoDB (moto in-process): register command",
           time_service_commands(events, views, n // 4), raw)
    print(f"  projector rebuild, DynamoDB (moto): {projector_throughput(events, views, 20, 20):7.0f} events/s")
    mock.stop()
    app_s, bare_s = cold_import_seconds()
    print(f"  cold import of app: {app_s * 1000:.0f} ms (bare interpreter start {bare_s * 1000:.0f} ms,"
          f" import alone {(app_s - bare_s) * 1000:.0f} ms)")
    return 0
