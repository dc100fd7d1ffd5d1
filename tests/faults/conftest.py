"""Fault-injection fixtures: a runtime on moto's DynamoDB whose event store talks through
a FaultyClient, with inline projection, wired like chalicelib/runtime.py does."""
from __future__ import annotations

import os

import pytest

from chalicelib.config import Config
from chalicelib.runtime import Runtime, assemble, set_runtime
from chalicelib.store.dynamo_client import dynamodb_client
from chalicelib.store.dynamo_events import DynamoEventStore
from chalicelib.store.dynamo_tables import create_tables
from chalicelib.store.dynamo_views import DynamoViewStore
from tests.conftest import ADMIN_KEY, FAKE_AWS
from tests.faults.faulty_client import FaultyClient
from tests.support.client import ApiClient

TABLES = ("ev", "idem", "views")


@pytest.fixture
def moto_client():
    os.environ.update(FAKE_AWS)
    from moto import mock_aws
    with mock_aws():
        client = dynamodb_client()      # the runtime's (throttles retried by botocore)
        create_tables(client, *TABLES)
        yield client


@pytest.fixture
def faulty(moto_client):
    return FaultyClient(moto_client)


def dynamo_runtime(client, views_client=None) -> Runtime:
    events = DynamoEventStore(client, TABLES[0], TABLES[1])
    views = DynamoViewStore(views_client or client, TABLES[2])
    config = Config(store="dynamodb", admin_key=ADMIN_KEY, token_secret="s" * 64,
                    events_table=TABLES[0], idempotency_table=TABLES[1], views_table=TABLES[2],
                    projection="inline")
    return assemble(config, events, views, ADMIN_KEY, "s" * 64)


@pytest.fixture
def dynamo_api(faulty, moto_client, chalice_app):
    runtime = dynamo_runtime(faulty, moto_client)
    set_runtime(runtime)
    yield ApiClient(chalice_app, ADMIN_KEY), runtime, faulty
    set_runtime(None)
