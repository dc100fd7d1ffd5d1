"""Fixtures shared by the HTTP tests of one folder (the app-wide ones are in tests/conftest.py)."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

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


@pytest.fixture(params=["sqlite", "dynamodb"])
def store_api(request, chalice_app):
    """(the API client, its runtime) on each store: SQLite, then DynamoDB (``dynamo_api``)."""
    if request.param == "sqlite":
        return ApiClient(chalice_app, ADMIN_KEY), request.getfixturevalue("rt")
    return request.getfixturevalue("dynamo_api")
