"""The event logs an earlier Podium stored (``tests/fixtures/logs``, recorded by
``tools/record_fixture_logs.py``), and putting them into a store as they were: same
streams, versions, payloads and recording times."""
from __future__ import annotations

import gzip
import json
from typing import Any

from chalicelib.store import codec
from tests.support.spec import ROOT

LOGS = ROOT / "tests" / "fixtures" / "logs"


def names() -> list[str]:
    return sorted(p.name.removesuffix(".json.gz") for p in LOGS.glob("*.json.gz"))


def load(name: str) -> dict[str, Any]:
    return json.loads(gzip.decompress((LOGS / f"{name}.json.gz").read_bytes()))


def restore(rt, events: list[dict[str, Any]]) -> None:
    """Write ``events`` into the runtime's SQLite event store exactly as stored."""
    with rt.events.db.write() as conn:
        conn.executemany(
            "INSERT INTO events (stream_id, version, type, data, meta, event_id, recorded_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(e["stream_id"], e["version"], e["type"], codec.dumps(e["data"]),
              codec.dumps(e["meta"]), e["event_id"], e["recorded_at"]) for e in events])
