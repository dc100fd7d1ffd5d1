"""A live ``chalice local`` server on loopback for tests that need real HTTP (the generated
client, schemathesis): started once per module, on a fresh SQLite data dir."""
from __future__ import annotations

import pytest

from demo.server import LocalServer


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LocalServer(data_dir=str(tmp_path_factory.mktemp("live-data")))
    server.start()
    yield server
    server.stop()
