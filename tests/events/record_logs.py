"""Records whole events' event logs, with each stream's folded state and every view as
the recording code computed them, into ``tests/fixtures/events/<scenario>.jsonl.gz``
(JSON lines: a header, the events, ``state`` lines, ``view`` lines). ``tests/events/
test_fixture_logs.py`` checks that later code decodes those events, folds them to the same
states and projects them to the same views.

``python -m tests.events.record_logs [NAME ...]`` (recorded once, before a change of the
events' classes or stored shapes; logs already there are never re-recorded)."""
from __future__ import annotations

import gzip
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from typing import Any

from tests.events.canonical import digest

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "fixtures" / "events"


def _extras(api) -> Any:
    """What no demo scenario does: a table draft, webhooks (registered, rotated, attempted,
    removed), a federation's receipt of a report, an incomplete finish."""
    from demo.client import start_event
    from demo.scenarios.outcome import Outcome
    from tests.api.test_webhooks import Receiver

    receiver = Receiver([503])          # the first attempt fails, the retry delivers
    org = api.organizer("Extras Store")
    hook = api.post("/v1/webhooks", {"url": receiver.url,
                                     "topics": ["draft.finished", "tournament.finished"]},
                    token=org)
    ev = start_event(api, "Extras Store", "vtes", "table-draft", 3, org=org,
                     settings={"draft": {"packs": 1}})
    base = f"{ev.base}/table-draft"
    api.post(base, {"pick_seconds": 30, "review_seconds": 0}, token=ev.org)
    pod = f"{base}/pods/1"
    for _ in range(500):
        view = api.get(pod)
        if view.get("picker") is None:
            break
        api.post(pod + "/picks", {"card": view["table"][0]["card"]},
                 token=ev.token[view["picker"]])
    wid = hook["endpoint_id"]
    api.post(f"/v1/webhooks/{wid}/rotate-secret", {"overlap_seconds": 0}, token=org)
    for _ in range(400):        # delivered on the second attempt
        items = api.get(f"/v1/webhooks/{wid}/deliveries", token=org)["items"]
        if items and all(i["status"] == "delivered" for i in items):
            break
        time.sleep(0.05)
    else:
        raise AssertionError("the webhook was not delivered")
    receiver.close()
    fed = api.post("/v1/accounts", {"role": "federation", "name": "Federation"},
                   token=api.admin_key)["api_key"]
    api.post(f"{ev.base}/finish", {"incomplete": True, "reason": "store closes"}, token=ev.org)
    api.post(f"{ev.base}/report/receipt", token=fed)
    api.ok("DELETE", f"/v1/webhooks/{wid}", token=org, status=(200, 204))
    return Outcome("extras", ev.tid, ev.org, [], report=None)


def _scenario(name: str):
    if name == "extras":
        return _extras
    from demo.registry import scenario
    return scenario(name)


def _names() -> list[str]:
    from demo.registry import MODULES
    return sorted(MODULES) + ["extras"]


def record(name: str) -> list[dict[str, Any]]:
    from chalice.test import Client  # noqa: F401 - the in-process client below needs it

    from app import app
    from chalicelib.domain.events import Event
    from chalicelib.projections import all_projections
    from chalicelib.projections.projector import Projector
    from chalicelib.runtime import build_runtime, set_runtime
    from chalicelib.service.command_service import CommandService
    from chalicelib.store.sqlite_views import SqliteViewStore
    from demo.client import Api
    from tests.conftest import ADMIN_KEY, make_config
    from tests.e2e.transport import InProcessTransport
    from tests.support.client import ApiClient
    from tests.support.threads import thread_safe

    deciders: dict[str, dict[str, Any]] = defaultdict(dict)     # stream -> name -> decider
    read, read_many = CommandService.read, CommandService.read_many

    def reading(self, decider, stream_id):
        deciders[stream_id][decider.name] = decider
        return read(self, decider, stream_id)

    def reading_many(self, decider, stream_ids):
        for sid in stream_ids:
            deciders[sid][decider.name] = decider
        return read_many(self, decider, stream_ids)

    CommandService.read, CommandService.read_many = reading, reading_many
    try:
        with tempfile.TemporaryDirectory() as tmp:
            rt = build_runtime(make_config(pathlib.Path(tmp) / "data"))
            set_runtime(rt)
            api = Api(InProcessTransport(ApiClient(thread_safe(app), ADMIN_KEY)), ADMIN_KEY)
            outcome = _scenario(name)(api)
            stored = list(rt.events.all_events())
            views = SqliteViewStore(str(pathlib.Path(tmp) / "rebuilt.db"))
            Projector(rt.events, views, all_projections()).rebuild()
            dumped = views.dump()
            set_runtime(None)
    finally:
        CommandService.read, CommandService.read_many = read, read_many
    by_stream: dict[str, list] = defaultdict(list)
    for e in stored:
        # decoded as the store decodes it (``e.event``), or as the code before typed events read it
        by_stream[e.stream_id].append(getattr(e, "event", None) or Event(e.type, e.data))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    lines: list[dict[str, Any]] = [{"scenario": name, "recorded_at_commit": commit,
                                    "tournament_id": outcome.tournament_id}]
    lines += [{"event": {"stream_id": e.stream_id, "version": e.version, "type": e.type,
                         "data": e.data, "meta": e.meta, "event_id": e.event_id,
                         "recorded_at": e.recorded_at}} for e in stored]
    for sid in sorted(deciders):
        for dname, decider in sorted(deciders[sid].items()):
            state = decider.initial()
            for event in by_stream.get(sid, []):
                state = decider.evolve(state, event)
            lines.append({"state": {"stream_id": sid, "decider": dname,
                                    "sha256": digest(state)}})
    lines += [{"view": {"id": vid, "sha256": digest(doc)}} for vid, doc in sorted(dumped.items())]
    return lines


def main(names: list[str]) -> int:
    os.environ.setdefault("PODIUM_WEBHOOK_ALLOW_LOOPBACK", "1")
    os.environ.setdefault("PODIUM_WEBHOOK_BACKOFF_SECONDS", "0.05")
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
    OUT.mkdir(parents=True, exist_ok=True)
    for name in names or _names():
        path = OUT / f"{name}.jsonl.gz"
        if path.exists():
            print(f"{path} exists: recorded logs are never re-recorded", file=sys.stderr)
            continue
        lines = record(name)
        text = "".join(json.dumps(line, separators=(",", ":"), sort_keys=True) + "\n"
                       for line in lines)
        path.write_bytes(gzip.compress(text.encode(), mtime=0))
        print(f"{path}: {sum('event' in line for line in lines)} events, "
              f"{sum('state' in line for line in lines)} states, "
              f"{sum('view' in line for line in lines)} views, {len(text)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
