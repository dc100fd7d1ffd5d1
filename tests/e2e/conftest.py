"""Whole-event scenarios (demo/scenarios) driven in-process through the spec-checking
client; the same functions drive a live server in ``make demo``."""
from __future__ import annotations

import pytest

from demo.client import Api
from tests.e2e.transport import InProcessTransport, MovableClock


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: too slow for the default run; PODIUM_SLOW=1 runs it")


@pytest.fixture
def scenario_api(api, rt):
    """(demo Api over the in-process transport, the transport) for one scenario; the
    scenario may let time pass on the service's clock (``Api.let_time_pass``)."""
    clock = MovableClock()
    rt.service.clock = clock
    transport = InProcessTransport(api, clock)
    return Api(transport, api.admin_key), transport
