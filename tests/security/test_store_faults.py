"""Every store fault answers 503 ``store_unavailable`` with ``Retry-After`` and the
request id, on reads and writes, on both stores (issue 26, finding 5): a corrupt or
broken ``events.db``, and a DynamoDB endpoint that cannot be reached or times out."""
from __future__ import annotations

import sqlite3

import pytest
from botocore.exceptions import (
    ConnectionClosedError,
    ConnectTimeoutError,
    EndpointConnectionError,
    ReadTimeoutError,
)

from chalicelib.runtime import set_runtime
from chalicelib.store.faults import store_fault
from tests.conftest import ADMIN_KEY
from tests.faults.conftest import dynamo_runtime
from tests.support.client import ApiClient

URL = "http://127.0.0.1:1"


def _unavailable(r, rid: str) -> None:
    assert r.status == 503, r.body
    assert r.body["error"] == "store_unavailable"
    assert int(r.headers["Retry-After"]) >= 1
    assert r.body["request_id"] == r.headers["X-Request-Id"] == rid
    assert "/" not in str(r.body["details"])       # no file paths in a public reply


def _calls(api, tid: str, org: str):
    """One read and one write per kind of caller: public, token-authenticated, keyed."""
    return {
        "read": lambda h: api.get(f"/v1/tournaments/{tid}", headers=h),
        "me": lambda h: api.get("/v1/me", token=org, headers=h),
        "write": lambda h: api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"},
                                    headers=h),
        "keyed write": lambda h: api.post(
            f"/v1/tournaments/{tid}/players", {"name": "Bo"}, token=org,
            headers={**h, "Idempotency-Key": "store-fault-key-0001"}),
    }


def _corrupt(rt) -> None:
    rt.events.db.conn().execute("PRAGMA wal_checkpoint(TRUNCATE)")   # pages now in the file
    with open(rt.events.db.path, "r+b") as handle:
        handle.write(b"this is not a database file" * 8)


def test_a_corrupt_events_db_answers_503_on_reads_and_writes(api, rt, tmp_path,
                                                              monkeypatch):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    _corrupt(rt)
    # a new process on the damaged file: opening the store fails on every request
    monkeypatch.setenv("PODIUM_STORE", "sqlite")
    monkeypatch.setenv("PODIUM_DATA_DIR", str(tmp_path / "data"))
    set_runtime(None)
    for name, call in _calls(api, tid, org).items():
        _unavailable(call({"X-Request-Id": f"corrupt-{name.replace(' ', '-')}"}),
                     f"corrupt-{name.replace(' ', '-')}")
    health = api.get("/v1/health")
    assert health.status == 503 and health.body["error"] == "store_unavailable"


def test_an_events_db_without_its_tables_answers_503(api, rt):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    rt.service.cache.clear() if hasattr(rt.service, "cache") else None
    rt.events.db.conn().execute("DROP TABLE events")
    for name, call in _calls(api, tid, org).items():
        if name == "read":          # served from the views, which are intact
            continue
        _unavailable(call({"X-Request-Id": f"dropped-{name.replace(' ', '-')}"}),
                     f"dropped-{name.replace(' ', '-')}")
    assert api.get("/v1/health").status == 503


FAULTS = {
    "unreachable": lambda: EndpointConnectionError(endpoint_url=URL),
    "connect timeout": lambda: ConnectTimeoutError(endpoint_url=URL),
    "read timeout": lambda: ReadTimeoutError(endpoint_url=URL),
    "connection closed": lambda: ConnectionClosedError(endpoint_url=URL),
}


@pytest.fixture
def dynamo_api(faulty, chalice_app):
    """Both the event store and the views talk through the faulty client."""
    runtime = dynamo_runtime(faulty, faulty)
    set_runtime(runtime)
    yield ApiClient(chalice_app, ADMIN_KEY), runtime, faulty
    set_runtime(None)


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_an_unreachable_dynamodb_answers_503_on_reads_and_writes(dynamo_api, fault):
    api, rt, faulty = dynamo_api
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    operations = ("get_item", "query", "batch_get_item", "transact_write_items",
                  "put_item", "batch_write_item")
    for name, call in _calls(api, tid, org).items():
        for operation in operations:
            faulty.faults[operation].clear()
            faulty.inject(operation, *[FAULTS[fault]() for _ in range(50)])
        rid = f"dynamo-{fault.replace(' ', '-')}-{name.replace(' ', '-')}"
        _unavailable(call({"X-Request-Id": rid}), rid)
    for operation in operations:
        faulty.faults[operation].clear()
    # the endpoint is back: the keyed write lands once, its retry answers the same reply
    first = _calls(api, tid, org)["keyed write"]({})
    again = _calls(api, tid, org)["keyed write"]({})
    assert first.status == 201 and again.body == first.body


def test_what_is_a_store_fault_and_what_stays_a_bug():
    assert store_fault(sqlite3.DatabaseError("file is not a database")) == "DatabaseError"
    assert store_fault(sqlite3.OperationalError("disk I/O error")) == "OperationalError"
    assert store_fault(EndpointConnectionError(endpoint_url=URL)) == "EndpointConnectionError"
    assert store_fault(sqlite3.ProgrammingError("bad SQL")) is None
    assert store_fault(sqlite3.IntegrityError("UNIQUE")) is None
    assert store_fault(ValueError("a bug")) is None
