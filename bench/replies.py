"""``python -m bench replies``: what storing idempotency replies of any size costs
(``store/reply_items.py``), against the adapters as they were before it, in the same run.

- small path: a keyed command (one 0.5 KB event, a 2 KB reply) appended then its record
  read back, on SQLite and on DynamoDB (moto in-process), by the current adapters and by
  the adapters of ``BASE`` (loaded from git), interleaved in blocks (the order reversed
  every other round); median per command;
- large replies (DynamoDB, moto): a 1.5 MB incompressible reply and a 3.9 MB sealed-like
  one, stored with their event then replayed, the replay checked byte for byte.
Targets: the small path within 1.15x of the base on both stores; every large replay equal."""
from __future__ import annotations

import base64
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.guard import require, target

BASE = "9b2faf6"        # the commit before replies were chunked
ROOT = Path(__file__).resolve().parents[1]
ROUNDS, BLOCK = 6, 60


def _old(module: str):
    """``chalicelib.store.<module>`` as it was at ``BASE``."""
    source = subprocess.run(["git", "show", f"{BASE}:chalicelib/store/{module}.py"], cwd=ROOT,
                            capture_output=True, text=True)
    require(source.returncode == 0, f"git cannot show {module} at {BASE}")
    path = Path(tempfile.mkdtemp()) / f"{module}.py"
    path.write_text(source.stdout)
    spec = importlib.util.spec_from_file_location(f"chalicelib.store.{module}_at_base", path)
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def _command(store, n: int) -> None:
    from chalicelib.store.ports import IdempotencyRecord, NewEvent, append
    key = f"{id(store):x}-{n:08d}".ljust(64, "0")
    reply = {"player": {"player_id": f"p{n}", "name": "Ann " * 8}, "notes": ["x" * 60] * 30}
    append(store, f"s-{id(store):x}-{n}", 0, [NewEvent("E", {"text": "y" * 500})],
           IdempotencyRecord(key, "f" * 64, 201, reply, {"Location": f"/v1/x/{n}"}))
    require(store.idempotency(key).body == reply, "a small reply did not replay")


def _small_path(stores: dict[str, object]) -> dict[str, float]:
    """Median seconds per keyed command of each store, blocks interleaved."""
    times: dict[str, list[float]] = {name: [] for name in stores}
    n = 0
    for round_ in range(ROUNDS):            # every other round in the reverse order
        for name, store in list(stores.items())[::1 if round_ % 2 == 0 else -1]:
            for _ in range(BLOCK):
                n += 1
                start = time.perf_counter()
                _command(store, n)
                times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t) for name, t in times.items()}


def _large(store) -> list[tuple[str, int, int, float, float, bool]]:
    from chalicelib.store.ports import IdempotencyRecord, NewEvent, append
    from chalicelib.store.reply_items import record_items
    text = base64.b64encode(os.urandom(1_125_000)).decode()
    noise = {"zeta": 1, "parts": [text[i:i + 1000] for i in range(0, len(text), 1000)]}
    draw = random.Random(7)
    sealed = {"players": [{"player_id": f"p{i:04d}", "name": f"Player number {i}",
                           "pool": [f"card-{draw.randrange(1000):03d}" for _ in range(150)]}
                          for i in range(2000)], "opened": True}
    rows = []
    for label, body in (("1.5 MB incompressible", noise), ("3.9 MB sealed-like", sealed)):
        key = label.replace(" ", "-").ljust(64, "0")
        start = time.perf_counter()
        append(store, f"big-{key}", 0, [NewEvent("E", {})], IdempotencyRecord(key, "f", 200, body))
        stored = time.perf_counter() - start
        start = time.perf_counter()
        back = store.idempotency(key).body
        replayed = time.perf_counter() - start
        items = record_items(IdempotencyRecord(key, "f", 200, body))
        rows.append((label, len(json.dumps(body)), len(items.chunks), stored, replayed,
                     json.dumps(back) == json.dumps(body)))
    return rows


def _encoding(old_dynamo) -> tuple[float, float]:
    """Microseconds to build a small record's item: the base's encoder and the current one
    (the events' sizes it is given come from the item check the base made too)."""
    import timeit

    from chalicelib.store.ports import IdempotencyRecord
    from chalicelib.store.reply_items import record_items
    record = IdempotencyRecord("k" * 64, "f" * 64, 201, {"player": {"name": "Ann " * 8},
                                                         "notes": ["x" * 60] * 30})
    runs = 20000
    base = min(timeit.repeat(lambda: old_dynamo.idempotency_to_item(record),
                             number=runs, repeat=5)) / runs
    now = min(timeit.repeat(lambda: record_items(record, 4_000_000),
                            number=runs, repeat=5)) / runs
    return base * 1e6, now * 1e6


def main() -> int:
    os.environ.update(AWS_ACCESS_KEY_ID="testing", AWS_SECRET_ACCESS_KEY="testing",
                      AWS_DEFAULT_REGION="us-east-1", AWS_ACCOUNT_ID_ENDPOINT_MODE="disabled")
    import boto3
    from moto import mock_aws

    from chalicelib.store.dynamo_events import DynamoEventStore
    from chalicelib.store.dynamo_tables import create_tables
    from chalicelib.store.sqlite_events import SqliteEventStore
    old_dynamo, old_sqlite = _old("dynamo_events"), _old("sqlite_events")
    folder = Path(tempfile.mkdtemp())
    with mock_aws():
        client = boto3.client("dynamodb")
        create_tables(client, "ev-new", "idem-new", "views-new")
        create_tables(client, "ev-old", "idem-old", "views-old")
        medians = _small_path({
            "sqlite base": old_sqlite.SqliteEventStore(str(folder / "old.db"), "OFF"),
            "sqlite now": SqliteEventStore(str(folder / "new.db"), "OFF"),
            "dynamodb base": old_dynamo.DynamoEventStore(client, "ev-old", "idem-old"),
            "dynamodb now": DynamoEventStore(client, "ev-new", "idem-new")})
        large = _large(DynamoEventStore(client, "ev-new", "idem-new"))
    encode_base, encode_now = _encoding(old_dynamo)
    print(f"small record's item built: base {encode_base:.1f} us, now {encode_now:.1f} us")
    print(f"small keyed command (median of {ROUNDS * BLOCK}), base {BASE}:")
    for name, seconds in medians.items():
        print(f"  {name:14} {seconds * 1e3:7.3f} ms")
    ok = True
    for kind in ("sqlite", "dynamodb"):
        ratio = medians[f"{kind} now"] / medians[f"{kind} base"]
        print(f"  {kind}: now/base {ratio:.3f}")
        ok &= target(f"{kind} small path within 1.15x of base", ratio <= 1.15)
    print("large replies on DynamoDB (moto):")
    for label, size, chunks, stored, replayed, same in large:
        print(f"  {label}: {size:,} bytes of JSON in {chunks} chunks, "
              f"stored {stored * 1e3:.0f} ms, replayed {replayed * 1e3:.0f} ms, same bytes: {same}")
        ok &= target(f"{label} replays the same bytes", same)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
