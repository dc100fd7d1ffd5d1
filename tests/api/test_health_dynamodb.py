"""``GET /v1/health`` on DynamoDB (moto): the projection's lag read from the events table's
stream, as the projector (Lambda, or a local poller calling the same stream handler)
catches up; a missing table or an unreachable endpoint answers 503."""
from __future__ import annotations

import os
from datetime import UTC, datetime

import boto3
import pytest

from chalicelib.config import Config
from chalicelib.projections.stream_handler import handle_stream_batch
from chalicelib.runtime import build_runtime, set_runtime
from chalicelib.store.dynamo_tables import create_tables
from tests.conftest import ADMIN_KEY, FAKE_AWS
from tests.support.client import ApiClient

TABLES = dict(events_table="ev", idempotency_table="idem", views_table="views")


@pytest.fixture
def aws():
    os.environ.update(FAKE_AWS)
    from moto import mock_aws
    with mock_aws():
        yield boto3.client("dynamodb")


@pytest.fixture
def stream_api(aws, chalice_app):
    """Stream projection with no projector running: events wait until a test delivers
    the stream's records to the stream handler."""
    create_tables(aws, TABLES["events_table"], TABLES["idempotency_table"],
                  TABLES["views_table"])
    runtime = build_runtime(Config(store="dynamodb", admin_key=ADMIN_KEY, token_secret="s" * 64,
                                   projection="stream", **TABLES))
    set_runtime(runtime)
    yield ApiClient(chalice_app, ADMIN_KEY), runtime
    set_runtime(None)


class Poller:
    """Reads the events table's stream and hands each new batch to the stream handler, as
    Lambda (or the local dev poller) does: records in Lambda's event format."""

    def __init__(self, runtime):
        self.runtime = runtime
        self.streams = boto3.client("dynamodbstreams")
        arn = boto3.client("dynamodb").describe_table(
            TableName=TABLES["events_table"])["Table"]["LatestStreamArn"]
        shard = self.streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"][0]
        self.iterator = self.streams.get_shard_iterator(
            StreamArn=arn, ShardId=shard["ShardId"],
            ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
        self.arn = arn

    def poll(self) -> int:
        response = self.streams.get_records(ShardIterator=self.iterator)
        self.iterator = response["NextShardIterator"]
        records = [{**r, "eventSourceARN": self.arn, "dynamodb": {
            **r["dynamodb"],
            "ApproximateCreationDateTime": r["dynamodb"]["ApproximateCreationDateTime"]
            .timestamp()}} for r in response["Records"]]
        if records:
            result = handle_stream_batch({"Records": records}, self.runtime.projector)
            assert result == {"batchItemFailures": []}
        return len(records)


def _projection(api) -> dict:
    r = api.get("/v1/health")
    assert r.status == 200, r.body
    assert set(r.body["checks"]) == {"events", "views", "idempotency"}
    return r.body["projection"]


def test_lag_follows_the_stream_projector(stream_api):
    api, rt = stream_api
    assert _projection(api) == {"mode": "stream", "lag_seconds": 0.0,
                                "oldest_unprojected_at": None, "complete": True,
                                "dead_letters": None, "damaged_streams": []}
    poller = Poller(rt)
    before = datetime.now(UTC)
    org = api.organizer()                       # recorded, not projected
    waiting = _projection(api)
    assert waiting["complete"] and waiting["lag_seconds"] >= 0
    first = datetime.fromisoformat(waiting["oldest_unprojected_at"])
    assert before <= first <= datetime.now(UTC)
    assert poller.poll() > 0                    # the projector catches up
    assert _projection(api)["lag_seconds"] == 0
    api.post("/v1/tournaments", {"name": "Later", "game": "vtes", "format": "sealed"},
             token=org)                         # the organizer's token: read from events
    later = _projection(api)
    assert datetime.fromisoformat(later["oldest_unprojected_at"]) > first
    assert poller.poll() > 0
    assert _projection(api)["lag_seconds"] == 0


def test_the_scan_resumes_where_it_stopped(stream_api):
    """Each look starts after the records already found projected (cursors kept in the
    views table), and a rebuild, which clears the views table, starts over."""
    api, rt = stream_api
    poller = Poller(rt)
    api.organizer()
    poller.poll()
    assert _projection(api)["lag_seconds"] == 0
    reads = []
    real = rt.health.streams.get_records
    rt.health.streams.get_records = lambda **kw: reads.append(kw) or real(**kw)
    assert _projection(api)["lag_seconds"] == 0
    assert reads and all(not real(**kw)["Records"] for kw in reads)   # nothing read twice
    rt.views.clear()
    assert _projection(api)["oldest_unprojected_at"] is not None
    rt.projector.rebuild()
    assert _projection(api)["lag_seconds"] == 0
    assert "meta#stream-scan" not in rt.views.dump()


def test_a_missing_table_answers_503(stream_api, aws):
    api, _ = stream_api
    aws.delete_table(TableName=TABLES["views_table"])
    r = api.get("/v1/health")
    assert r.status == 503 and r.body["error"] == "store_unavailable"
    checks = r.body["details"]["checks"]
    assert checks["views"] == {"ok": False, "ms": checks["views"]["ms"],
                               "error": "ResourceNotFoundException"}
    assert checks["events"]["ok"] and checks["idempotency"]["ok"]


def test_an_unreachable_endpoint_answers_503(chalice_app):
    os.environ.update(AWS_ACCESS_KEY_ID="testing", AWS_SECRET_ACCESS_KEY="testing",
                      AWS_DEFAULT_REGION="us-east-1")
    runtime = build_runtime(Config(store="dynamodb", admin_key=ADMIN_KEY, token_secret="s" * 64,
                                   dynamodb_endpoint="http://127.0.0.1:9", **TABLES))
    set_runtime(runtime)
    try:
        r = ApiClient(chalice_app, ADMIN_KEY).get("/v1/health")
    finally:
        set_runtime(None)
    assert r.status == 503
    assert {c["error"] for c in r.body["details"]["checks"].values()} == {
        "EndpointConnectionError"}


def test_tally_members_in_the_stream_are_not_a_backlog(stream_api):
    """Tally members share the events table (and its stream) but are not events."""
    from chalicelib.store.ports import NewEvent, StreamWrite, Tally
    api, rt = stream_api
    poller = Poller(rt)
    rt.events.append_batch([StreamWrite("counted-1", 0, (NewEvent("Happened", {}),))],
                           tallies=[Tally("round-1", 1), Tally("round-1", 2)])
    assert _projection(api)["oldest_unprojected_at"] is not None
    assert poller.poll() == 3                      # the event and two tally members
    assert rt.views.checkpoint("counted-1") == 1
    assert _projection(api) == {"mode": "stream", "lag_seconds": 0.0,
                                "oldest_unprojected_at": None, "complete": True,
                                "dead_letters": None, "damaged_streams": []}
