"""The deployed shape with its projector stopped: DynamoDB (moto) and stream projection,
but no stream poller, so a view exists only if a read made it so."""
from __future__ import annotations

import os

import boto3
import pytest

from chalicelib.config import Config
from chalicelib.runtime import build_runtime, set_runtime
from chalicelib.store.dynamo_tables import create_tables
from tests.conftest import ADMIN_KEY, FAKE_AWS
from tests.support.client import ApiClient


@pytest.fixture
def lagging(chalice_app):
    yield from _lagging(chalice_app)


def _lagging(chalice_app):
    os.environ.update(FAKE_AWS)
    from moto import mock_aws
    with mock_aws():
        create_tables(boto3.client("dynamodb"), "ev", "idem", "views")
        runtime = build_runtime(Config(
            store="dynamodb", admin_key=ADMIN_KEY, token_secret="s" * 64,
            events_table="ev", idempotency_table="idem", views_table="views",
            projection="stream", read_wait_seconds=0.3))
        set_runtime(runtime)
        yield ApiClient(chalice_app, ADMIN_KEY), runtime
        set_runtime(None)


@pytest.fixture
def lagging_factory(chalice_app, request):
    """``lagging`` for tests that are parametrized over stores (entered on demand)."""
    def make():
        generator = _lagging(chalice_app)
        made = next(generator)
        made[1].projector.views.follow_seconds = 0
        request.addfinalizer(lambda: next(generator, None))
        return made
    return make
