"""The API sweep (schemathesis, hostile HTTP) runs against a live local server on each
store: the embedded SQLite store, and the deployed shape (DynamoDB on a moto server,
views projected from the table's stream by the local poller). ``PODIUM_FUZZ_STORES``
(comma-separated, default both) narrows it."""
from __future__ import annotations

import os

import pytest

from demo.server import LocalServer

STORES = [s for s in os.environ.get("PODIUM_FUZZ_STORES", "sqlite,dynamodb").split(",") if s]


@pytest.fixture(scope="module", params=STORES)
def live_server(request, tmp_path_factory):
    server = LocalServer(data_dir=str(tmp_path_factory.mktemp(f"fuzz-{request.param}")),
                         store=request.param)
    server.start()
    yield server
    server.stop()
