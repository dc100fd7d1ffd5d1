"""Foundation figures, SQLite beside DynamoDB in the same run: a raw append, a register
command through the service with its projection, and the projector's rebuild rate, each on
the embedded SQLite store (``synchronous=FULL``, the default) and on DynamoDB served by
moto's ``ThreadedMotoServer`` on loopback (the real wire protocol: boto3, HTTP, JSON),
with p50/p99/max and the DynamoDB/SQLite ratio; then the cold start as a user meets it
(``bench.coldstart``: a fresh interpreter to the first command's reply on each store,
against ``import boto3`` and a client; target 1.5x).

    python -m bench foundation [--ops N]      (N operations per series, default 150)

moto is a Python in-memory backend: its absolute latencies are not DynamoDB's, and its
transactions deep-copy each table they touch once per item (so its figures grow with a
table's size: every series starts on fresh tables, without the events stream the client
never waits for). The ratios show what the DynamoDB path costs in round trips and
(de)serialisation, plus moto's own overhead."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable

from bench import coldstart
from bench.moto_server import MotoServer
from chalicelib.domain import tournament as t
from chalicelib.domain.tournament.events import PlayerRegistered
from chalicelib.projections import all_projections
from chalicelib.projections.projector import Projector
from chalicelib.service import CommandService, Reply
from chalicelib.store.ports import NewEvent, append


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def sqlite_stores(directory: str):
    from chalicelib.store.sqlite_events import SqliteEventStore
    from chalicelib.store.sqlite_views import SqliteViewStore
    return (SqliteEventStore(os.path.join(directory, "events.db"), "FULL"),
            SqliteViewStore(os.path.join(directory, "views.db")))


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
        uow.decide(t.TOURNAMENT, tid, t.CreateTournament(
            tid, "o1", "Bench", "vtes", "sealed", "swiss", "seed", uow.now.isoformat(),
            settings={"registration": {"max_players": 2000}}))   # sealed: at most 2,000
        return Reply(201, {})
    service.run(create)
    samples = []
    for i in range(n):
        def register(uow, i=i):
            uow.decide(t.TOURNAMENT, tid,
                       t.RegisterPlayer(f"p{i}", f"Player {i}", None, True, uow.now.isoformat()))
            return Reply(201, {})
        start = time.perf_counter()
        service.run(register)
        samples.append(time.perf_counter() - start)
    return samples


def rebuild_rate(events, views, n_streams: int = 20, per_stream: int = 20) -> float:
    """Events per second of a projector rebuild (every view dropped and projected again)."""
    tids = ["t" + uuid.uuid4().hex[:12] for _ in range(n_streams)]
    for tid in tids:
        stream = f"tournament-{tid}"
        created = t.decide(t.CreateTournament(tid, "o", "B", "vtes", "sealed", "swiss", "s", "now"),
                           t.TOURNAMENT.initial())
        regs = [NewEvent.of(PlayerRegistered(player_id=f"p{i}", name=f"P{i}", member_id=None,
                                             late=False, registered_at="now"))
                for i in range(per_stream)]
        append(events, stream, 0, [NewEvent.of(e) for e in created] + regs)
    projector = Projector(events, views, all_projections())
    start = time.perf_counter()
    applied = projector.rebuild()
    return applied / (time.perf_counter() - start)


def cold_import_seconds(runs: int = 7) -> tuple[float, float, float]:
    """Median seconds of a fresh interpreter doing ``import app``, ``import boto3`` and
    nothing, measured interleaved so a busy moment hits all three alike."""
    samples: dict[str, list[float]] = {"import app": [], "import boto3": [], "pass": []}
    for _ in range(runs):
        for code, times in samples.items():
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            times.append(time.perf_counter() - start)
    app_s, boto_s, bare_s = (statistics.median(t) for t in samples.values())
    return app_s, boto_s, bare_s


def latency_row(name: str, sqlite: list[float], dynamo: list[float]) -> str:
    def cell(samples: list[float]) -> str:
        return (f"{pct(samples, .5):7.2f} {pct(samples, .99):7.2f} "
                f"{max(samples) * 1000:7.2f}")
    ratio_p50 = pct(dynamo, .5) / pct(sqlite, .5)
    ratio_p99 = pct(dynamo, .99) / pct(sqlite, .99)
    return (f"  {name:<26} {cell(sqlite)}   {cell(dynamo)}   "
            f"x{ratio_p50:6.1f} p50  x{ratio_p99:6.1f} p99")


def main(argv: list[str]) -> int:
    n = int(argv[argv.index("--ops") + 1]) if "--ops" in argv else 150
    began = time.perf_counter()
    print(f"Foundation benchmark ({n} operations per series, {os.cpu_count()} cores): "
          "SQLite (synchronous=FULL) beside DynamoDB (moto's ThreadedMotoServer, loopback)")
    series: dict[str, dict[str, list[float] | float]] = {"sqlite": {}, "dynamodb": {}}

    def measure(kind: str, stores: Callable[[], tuple]) -> None:
        events, views = stores()
        series[kind]["raw"] = time_raw_appends(events, n)
        series[kind]["register"] = time_service_commands(events, views, n)
        events, views = stores()
        series[kind]["rebuild"] = rebuild_rate(events, views)

    with tempfile.TemporaryDirectory() as directory:
        def fresh_sqlite():
            path = tempfile.mkdtemp(dir=directory)
            return sqlite_stores(path)
        measure("sqlite", fresh_sqlite)
    with MotoServer() as server:
        measure("dynamodb", server.stores)
    sq, dy = series["sqlite"], series["dynamodb"]
    print(f"  {'ms':<26} {'SQLite p50     p99     max':>23}   "
          f"{'DynamoDB p50     p99     max':>25}   DynamoDB/SQLite")
    print(latency_row("raw append", sq["raw"], dy["raw"]))
    print(latency_row("register command", sq["register"], dy["register"]))
    print(f"  {'rebuild (events/s)':<26} {sq['rebuild']:23.0f}   {dy['rebuild']:25.0f}   "
          f"x{sq['rebuild'] / dy['rebuild']:6.1f} time per event")
    print("  (register command: decide, append, and the inline projection: the player's "
          "document and the tournament summary; rebuild: 20 tournaments of 20 players;\n"
          "   moto's server with the devserver's speed-ups: its own cost per call, parsing "
          "and answering over HTTP, is a bound on moto, not on DynamoDB)")
    app_s, boto_s, bare_s = cold_import_seconds()
    print(f"  import alone: a fresh interpreter importing app {app_s * 1000:.0f} ms, importing "
          f"boto3 {boto_s * 1000:.0f} ms (x{app_s / boto_s:.2f}); starting alone "
          f"{bare_s * 1000:.0f} ms")
    ok = coldstart.report(coldstart.measure(5), 5)     # as a user meets it: first reply
    print(f"  ({time.perf_counter() - began:.1f} s in all)")
    return 0 if ok else 1
