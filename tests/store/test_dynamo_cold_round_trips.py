"""The DynamoDB runtime's cold start (``bench/coldstart.py``): building it calls nothing;
the views' schema version is recorded on a fresh table when the process first commits a
view or reads the views' condition (health), as the cold start used to; the first command
(``POST /v1/accounts``, the stream projecting) reads and writes the events and idempotency
tables only."""
from __future__ import annotations

import boto3
import botocore.client
import pytest

from chalicelib.config import Config
from chalicelib.projections import SCHEMA_VERSION
from chalicelib.runtime import build_runtime, set_runtime
from chalicelib.store.dynamo_tables import create_tables
from chalicelib.store.dynamo_views import SCHEMA_KEY, DynamoViewStore
from tests.conftest import ADMIN_KEY
from tests.support.client import ApiClient

TABLES = dict(events_table="ev", idempotency_table="idem", views_table="views")


@pytest.fixture
def dynamo(fake_aws):
    from moto import mock_aws
    with mock_aws():
        client = boto3.client("dynamodb")
        create_tables(client, TABLES["events_table"], TABLES["idempotency_table"],
                      TABLES["views_table"])
        yield client


@pytest.fixture
def calls(monkeypatch):
    """(operation, table) of every DynamoDB call any client makes."""
    made: list[tuple[str, str]] = []
    original = botocore.client.BaseClient._make_api_call

    def counted(self, operation, params):
        tables = params.get("TableName") or ",".join(
            sorted({next(iter(i.values()))["TableName"] for i in params.get("TransactItems", [])}))
        made.append((operation, tables))
        return original(self, operation, params)
    monkeypatch.setattr(botocore.client.BaseClient, "_make_api_call", counted)
    return made


def recorded(client) -> str | None:
    item = client.get_item(TableName=TABLES["views_table"],
                           Key={"view_id": {"S": SCHEMA_KEY}}).get("Item")
    return None if item is None else item["version"]["N"]


def stream_runtime():
    return build_runtime(Config(store="dynamodb", admin_key=ADMIN_KEY, token_secret="s" * 64,
                                projection="stream", **TABLES))


def test_building_the_runtime_makes_no_call_and_health_records_a_fresh_tables_version(
        dynamo, calls):
    rt = stream_runtime()
    assert calls == []
    assert rt.views.condition(SCHEMA_VERSION, deep=False) is None
    assert recorded(dynamo) == str(SCHEMA_VERSION)
    assert rt.views.condition(SCHEMA_VERSION, deep=False) is None
    assert [op for op, _ in calls].count("PutItem") == 1      # once per process


def test_a_recorded_version_is_kept_and_reported(dynamo):
    DynamoViewStore(dynamo, TABLES["views_table"]).mark_schema(SCHEMA_VERSION - 1)
    rt = stream_runtime()
    assert rt.views.condition(SCHEMA_VERSION, deep=False).startswith("incompatible")
    assert recorded(dynamo) == str(SCHEMA_VERSION - 1)


def test_the_first_view_commit_records_the_version(dynamo):
    views = DynamoViewStore(dynamo, TABLES["views_table"])
    views.record_schema_first(SCHEMA_VERSION)
    assert recorded(dynamo) is None
    assert views.commit("account-o1", 0, 1, {}, set())
    assert recorded(dynamo) == str(SCHEMA_VERSION)


def test_the_first_command_touches_only_the_events_and_idempotency_tables(
        dynamo, calls, chalice_app):
    set_runtime(stream_runtime())
    try:
        reply = ApiClient(chalice_app, ADMIN_KEY).post(
            "/v1/accounts", json={"role": "organizer", "name": "Cold"},
            headers={"Authorization": f"Bearer {ADMIN_KEY}"})
    finally:
        set_runtime(None)
    assert reply.status == 201, reply.body
    assert {table for _, table in calls} <= {"ev", "idem", "ev,idem"}, calls
    assert len(calls) <= 4, calls
    assert recorded(dynamo) is None
