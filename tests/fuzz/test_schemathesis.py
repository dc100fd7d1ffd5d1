"""Schemathesis against a live local server, from openapi.yaml: positive and negative cases
for every operation, bounded (PODIUM_FUZZ_EXAMPLES per operation and mode, 1 by default),
authenticated as the organizer of a seeded Swiss tournament so deep routes are reached.
Every reply: no 5xx, a documented status, a body that matches the spec; every 4xx leaves
the event store exactly as it was."""
from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is not installed")

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable

from chalicelib.data.sets import sample_sets
from demo.client import Api, start_event
from demo.consistency import Session
from demo.transport import UrlTransport
from tests.fuzz.events import counter
from tests.support.spec import SAFE_LOADER

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("PODIUM_FUZZ_EXAMPLES", "1"))
# Run last: they end the seeded tournament or rebuild everything.
LAST = ("/finish", "/admin/projections/rebuild")


def seed(server) -> dict[str, str]:
    # as the generated clients do, each request carries the position of the last write
    # (the draft's pods open in commits of their own after its start)
    api = Api(Session(UrlTransport(server.url)), server.admin_key)
    ev = start_event(api, "Fuzz store", "munchkin", "booster-draft", 8)
    # Play waits for the draft (409 product_phase_open): one ordinary card per pack, and
    # a judge takes every pick.
    card = next(c.id for c in sample_sets()["sample-munchkin"].cards if not c.draft_action)
    packs = {p["player_id"]: [[card]] * 4 for p in ev.players}
    started = api.post(f"{ev.base}/draft", {"packs": packs}, token=ev.org)
    for _ in range(4):
        for pod in started["pods"]:
            for seat in pod["seats"]:
                api.post(f"{ev.base}/draft/pods/{pod['pod']}/players/{seat['player_id']}"
                         "/pick-for", token=ev.org)
    paired = api.post(f"{ev.base}/swiss/rounds", token=ev.org)
    return {"tid": ev.tid, "pid": ev.players[0]["player_id"],
            "mid": paired["matches"][0]["match_id"], "n": "1", "k": "1", "pod": "1",
            "set_id": "sample-munchkin", "game": "munchkin", "org": ev.org}


def checks():
    from schemathesis.checks import not_a_server_error
    from schemathesis.specs.openapi.checks import (
        content_type_conformance,
        response_schema_conformance,
        status_code_conformance,
    )
    return [not_a_server_error, status_code_conformance, content_type_conformance,
            response_schema_conformance]


# Server-Sent Events stay open (keep-alives every 15 s) until the client leaves: a fuzzed
# call would hold its connection for the stream's whole life. tests/api/test_feeds.py and
# the live e2e tests exercise them.
STREAMS = ("/feed/stream",)


def operations(schema):
    ops = [result.ok() for result in schema.get_all_operations()]
    ops = [op for op in ops if not op.path.endswith(STREAMS)]
    return sorted(ops, key=lambda op: (op.path.endswith(LAST), op.path, op.method))


def fuzzer(strategy, name, base_url, auth, count, statuses, failures):
    """A bounded hypothesis run drawing cases from ``strategy``."""
    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(st.data())
    def exercise(data):
        case = data.draw(strategy)
        case.headers = {**(case.headers or {}), **auth}
        before = count()
        response = case.call(base_url=base_url, timeout=30)
        statuses[response.status_code // 100] += 1
        label = f"{name} -> {response.status_code}"
        try:
            case.validate_response(response, checks=checks())
        except (Exception, BaseExceptionGroup) as exc:  # noqa: BLE001 - collected, all reported
            lines = [x.strip() for x in str(exc).splitlines() if x.strip()]
            failures.append(f"{label}: {' | '.join(lines[:4])[:400]}")
        if 400 <= response.status_code < 500 and count() != before:
            failures.append(f"{label}: a rejected request changed the event store")
    return exercise


def test_fuzz_every_operation(live_server):
    seeded = seed(live_server)
    schema = schemathesis.openapi.from_path(str(ROOT / "openapi.yaml"))
    count = counter(live_server)
    auth = {"Authorization": f"Bearer {seeded['org']}"}
    failures: list[str] = []
    statuses: Counter = Counter()
    from schemathesis import GenerationMode

    for op in operations(schema):
        names = {p.name for p in op.path_parameters}
        fixed = {k: v for k, v in seeded.items() if k in names}
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            strategy = op.as_strategy(generation_mode=mode, path_parameters=fixed or None)

            exercise = fuzzer(strategy, f"{op.method.upper()} {op.path} [{mode.value}]",
                              live_server.url, auth, count, statuses, failures)
            try:
                exercise()
            except Unsatisfiable:
                continue        # nothing left to make invalid once the path is fixed
            except (Exception, BaseExceptionGroup) as exc:  # noqa: BLE001 - generation too
                failures.append(f"{op.method.upper()} {op.path} [{mode.value}]: "
                                f"{type(exc).__name__}: {str(exc)[:300]}")
    assert statuses[2] > 20 and statuses[4] > 20, (statuses, failures[:5])   # deep routes reached
    print(f"fuzz: {sum(statuses.values())} calls, by class {dict(statuses)}")
    assert not failures, "\n".join(failures)


def test_the_harness_catches_a_lying_spec_and_a_state_change(live_server):
    """The same fuzzer on a spec that lies about /v1/health, with a store that 'changes'
    on every call: both problems are reported (the checks above can fail)."""
    import copy

    import yaml
    spec = yaml.load((ROOT / "openapi.yaml").read_text(), Loader=SAFE_LOADER)  # noqa: S506 - the safe loader (C)
    lying = copy.deepcopy(spec)
    lying["paths"] = {"/v1/health": spec["paths"]["/v1/health"]}
    ok = lying["paths"]["/v1/health"]["get"]["responses"]["200"]
    ok["content"]["application/json"]["schema"] = {
        "type": "object", "required": ["nonexistent"], "properties": {}}
    schema = schemathesis.openapi.from_dict(lying)
    op = operations(schema)[0]
    ticks = iter(range(10_000))
    failures: list[str] = []
    statuses: Counter = Counter()
    fuzzer(op.as_strategy(), "GET /v1/health", live_server.url, {}, lambda: next(ticks),
           statuses, failures)()
    assert statuses[2] >= 1
    assert any("nonexistent" in f or "schema" in f.lower() for f in failures), failures
    # a 2xx may change the store; only 4xx are held to "changes nothing"
    assert not any("rejected request" in f for f in failures)
    bad = schemathesis.openapi.from_dict(spec)
    me = next(o for o in operations(bad) if o.path == "/v1/me")
    failures.clear()
    fuzzer(me.as_strategy(), "GET /v1/me", live_server.url, {"Authorization": "Bearer nope"},
           lambda: next(ticks), statuses, failures)()
    assert any("rejected request changed the event store" in f for f in failures), failures
