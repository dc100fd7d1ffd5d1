"""Records every whole-event scenario's event log, with what the API answered about it,
into ``tests/fixtures/logs/<scenario>.json.gz``: the logs stored by an earlier version of
Podium that every later version must still load (``tests/compat``).

``python -m tools.record_fixture_logs`` (run it only to add a log of a new stored shape;
the logs already there are the point and must never be re-recorded)."""
from __future__ import annotations

import gzip
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "fixtures" / "logs"


def record(name: str) -> dict:
    from chalice.test import Client  # noqa: F401 - the in-process client below needs it

    from app import app
    from chalicelib.runtime import build_runtime, set_runtime
    from demo.client import Api
    from demo.registry import scenario
    from tests.conftest import ADMIN_KEY, make_config
    from tests.e2e.transport import InProcessTransport
    from tests.support.client import ApiClient
    from tests.support.threads import thread_safe

    with tempfile.TemporaryDirectory() as tmp:
        rt = build_runtime(make_config(pathlib.Path(tmp) / "data"))
        set_runtime(rt)
        client = ApiClient(thread_safe(app), ADMIN_KEY)
        api = Api(InProcessTransport(client), ADMIN_KEY)
        outcome = scenario(name)(api)
        events = [{"stream_id": e.stream_id, "version": e.version, "type": e.type,
                   "data": e.data, "meta": e.meta, "event_id": e.event_id,
                   "recorded_at": e.recorded_at} for e in rt.events.all_events()]
        set_runtime(None)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    return {"scenario": name, "recorded_at_commit": commit,
            "tournament_id": outcome.tournament_id, "standings": outcome.standings,
            "report": outcome.report, "events": events}


def main(names: list[str]) -> int:
    from demo.registry import MODULES
    OUT.mkdir(parents=True, exist_ok=True)
    for name in names or sorted(MODULES):
        path = OUT / f"{name}.json.gz"
        if path.exists():
            print(f"{path} exists: stored logs are never re-recorded", file=sys.stderr)
            continue
        log = record(name)
        path.write_bytes(gzip.compress(json.dumps(log, separators=(",", ":"), sort_keys=True)
                                        .encode(), mtime=0))
        print(f"{path}: {len(log['events'])} events")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
