"""Fixtures shared by the HTTP tests of one folder (the app-wide ones are in tests/conftest.py)."""
from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta

import boto3
import pytest

from chalicelib.config import Config
from chalicelib.runtime import build_runtime, set_runtime
from chalicelib.store.dynamo_tables import create_tables
from tests.conftest import ADMIN_KEY
from tests.support.client import ApiClient

LIMITED_T0 = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)


@pytest.fixture
def clock(rt):
    """The service's clock, settable: ``clock.at(seconds)`` moves to 18:00:00 UTC on
    2026-11-22 plus that many seconds (a module may define its own ``clock``)."""
    class Clock:
        now = LIMITED_T0

        def at(self, seconds: float) -> None:
            self.now = LIMITED_T0 + timedelta(seconds=seconds)
    c = Clock()
    rt.service.clock = lambda: c.now
    return c


@pytest.fixture
def dynamo_api(chalice_app):
    """(the API client, its runtime) on the DynamoDB adapters: moto in-process, projection
    inline."""
    os.environ.update(AWS_ACCESS_KEY_ID="testing", AWS_SECRET_ACCESS_KEY="testing",
                      AWS_DEFAULT_REGION="us-east-1", AWS_ACCOUNT_ID_ENDPOINT_MODE="disabled")
    from moto import mock_aws
    with mock_aws():
        create_tables(boto3.client("dynamodb"), "ev", "idem", "views")
        rt = build_runtime(Config(store="dynamodb", admin_key=ADMIN_KEY, token_secret="s" * 64,
                                  events_table="ev", idempotency_table="idem",
                                  views_table="views", projection="inline"))
        set_runtime(rt)
        yield ApiClient(chalice_app, ADMIN_KEY), rt
        set_runtime(None)


@pytest.fixture(params=["sqlite", "dynamodb"])
def store_api(request, chalice_app):
    """(the API client, its runtime) on each store: SQLite, then DynamoDB (``dynamo_api``)."""
    if request.param == "sqlite":
        return ApiClient(chalice_app, ADMIN_KEY), request.getfixturevalue("rt")
    return request.getfixturevalue("dynamo_api")
