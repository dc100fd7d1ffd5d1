"""Whole-event scenarios (demo/scenarios) driven in-process through the spec-checking
client; the same functions drive a live server in ``make demo``."""
from __future__ import annotations

import pytest

from demo.client import Api
from tests.e2e.transport import InProcessTransport


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: too slow for the default run; PODIUM_SLOW=1 runs it")


@pytest.fixture
def scenario_api(api):
    """(demo Api over the in-process transport, the transport) for one scenario."""
    transport = InProcessTransport(api)
    return Api(transport, api.admin_key), transport
