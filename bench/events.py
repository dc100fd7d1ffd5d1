"""Decoding stored events, and replaying whole events, with this code beside a baseline
checkout (by default ``main``, in a temporary git worktree) in the same run: the fixture
logs of ``tests/fixtures/events`` (every aggregate), each stored event turned into what
deciders fold (this code: ``StoredEvent.event``, decoded once through the catalog and its
upcasters; code before typed events: ``Event(type, data)``), and every stream folded by
the deciders that read it. Prints events/second, the whole replay's time and the ratios.

    python -m bench events [--baseline REV] [--repeat N]

Each side runs in a subprocess of its own checkout (this file is self-contained: it
imports only ``chalicelib`` from the checkout it runs in)."""
from __future__ import annotations

import argparse
import gzip
import importlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parents[1]
LOGS = ROOT / "tests" / "fixtures" / "events"
DECIDERS = [   # module, name: every aggregate, declared in its package's aggregate.py
    ("accounts.aggregate", "ACCOUNT"), ("accounts.aggregate", "TOKEN"),
    ("decks.aggregate", "DECKS"), ("draft.aggregate", "POD"), ("draft.aggregate", "DRAFT"),
    ("ffa.aggregate", "FFA"), ("mixed_draft.aggregate", "MIXED_DRAFT"),
    ("product.aggregate", "CARDSET"), ("product.aggregate", "PRODUCT_GATE"),
    ("product.aggregate", "PLAYER_PRODUCT"), ("reports.aggregate", "REPORTS"),
    ("sealed.aggregate", "SEALED"), ("swiss.aggregate", "SWISS"), ("swiss.aggregate", "MATCH"),
    ("table_draft.aggregate", "TABLE_DRAFT"), ("table_draft.aggregate", "TABLE_DRAFT_ROSTER"),
    ("tables.aggregate", "TABLES"), ("tables.aggregate", "TABLE"),
    ("tournament.aggregate", "TOURNAMENT"), ("trade.aggregate", "TRADE_POD"),
    ("trade.aggregate", "TRADE_PREP"), ("webhooks.aggregate", "DELIVERY"),
    ("webhooks.aggregate", "WEBHOOKS")]


def _logs() -> list[tuple[list[dict], list[tuple[str, str]]]]:
    """Each fixture log's stored events and its (stream, decider name) pairs."""
    out = []
    for path in sorted(LOGS.glob("*.jsonl.gz")):
        lines = [json.loads(x) for x in gzip.decompress(path.read_bytes()).splitlines()]
        out.append(([x["event"] for x in lines if "event" in x],
                    [(x["state"]["stream_id"], x["state"]["decider"])
                     for x in lines if "state" in x]))
    return out


def measure(repeat: int) -> dict[str, float]:
    """In the checkout this process imports ``chalicelib`` from: the best of ``repeat``
    decodes of every stored event and replays of every stream."""
    from chalicelib.domain.events import Event
    from chalicelib.store.ports import StoredEvent
    deciders = {}
    for module, name in DECIDERS:
        decider = getattr(importlib.import_module(f"chalicelib.domain.{module}"), name)
        deciders[decider.name] = decider
    typed = hasattr(StoredEvent, "event")

    def decoded(rows: list[dict]) -> list:
        stored = [StoredEvent(r["stream_id"], r["version"], r["type"], r["data"], r["meta"],
                              r["event_id"], r["recorded_at"]) for r in rows]
        return [s.event for s in stored] if typed else [Event(s.type, s.data) for s in stored]

    logs = _logs()
    decoded(logs[0][0])           # import every aggregate's events before timing
    count = sum(len(rows) for rows, _ in logs)
    best_decode = best_replay = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for rows, _ in logs:
            decoded(rows)
        best_decode = min(best_decode, time.perf_counter() - started)
        started = time.perf_counter()
        for rows, readers in logs:
            by_stream = defaultdict(list)
            for row, event in zip(rows, decoded(rows), strict=True):
                by_stream[row["stream_id"]].append(event)
            for stream_id, name in readers:
                decider = deciders[name]
                state = decider.initial()
                for event in by_stream[stream_id]:
                    state = decider.evolve(state, event)
        best_replay = min(best_replay, time.perf_counter() - started)
    return {"events": count, "decode_s": best_decode, "replay_s": best_replay,
            "typed": typed}


def _run_in(checkout: Path, repeat: int) -> dict[str, float]:
    done = subprocess.run([sys.executable, str(HERE), "--measure", str(repeat)],
                          cwd=checkout, env={**os.environ, "PYTHONPATH": str(checkout)},
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench events")
    parser.add_argument("--baseline", default="main", help="git revision (default main)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "baseline"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(base), args.baseline],
                       cwd=ROOT, check=True)
        try:
            before = _run_in(base, args.repeat)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT,
                           check=False)
    after = _run_in(ROOT, args.repeat)
    n = after["events"]
    print(f"{n} stored events of {len(list(LOGS.glob('*.jsonl.gz')))} whole events "
          f"(best of {args.repeat})")
    for label, r in ((f"{args.baseline} (Event(type, data))", before),
                     ("typed (StoredEvent.event)", after)):
        print(f"{label:>32}: decode {n / r['decode_s']:>10,.0f} events/s, "
              f"replay {r['replay_s'] * 1000:8.1f} ms")
    decode_ratio = after["decode_s"] / before["decode_s"]
    replay_ratio = after["replay_s"] / before["replay_s"]
    print(f"typed / {args.baseline}: decode {decode_ratio:.2f}x the time, "
          f"replay {replay_ratio:.2f}x the time (limit 1.5x)")
    return 0 if replay_ratio <= 1.5 else 1


if __name__ == "__main__":
    if sys.argv[1:2] == ["--measure"]:
        print(json.dumps(measure(int(sys.argv[2]))))
    else:
        sys.exit(main(sys.argv[1:]))
