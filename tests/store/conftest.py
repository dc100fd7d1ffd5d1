"""One contract suite, every adapter: in memory, SQLite, DynamoDB on moto in-process, and
DynamoDB on moto's HTTP server (the real wire protocol)."""
from __future__ import annotations

import os
import socket
import threading
import uuid

import boto3
import pytest

from chalicelib.store.dynamo_events import DynamoEventStore
from chalicelib.store.dynamo_tables import create_tables
from chalicelib.store.dynamo_views import DynamoViewStore
from chalicelib.store.memory_events import MemoryEventStore
from chalicelib.store.memory_views import MemoryViewStore
from chalicelib.store.sqlite_events import SqliteEventStore
from chalicelib.store.sqlite_views import SqliteViewStore
from tests.conftest import FAKE_AWS

ADAPTERS = ["memory", "sqlite", "moto", "moto_server"]


@pytest.fixture(autouse=True, scope="session")
def aws_env():
    os.environ.update(FAKE_AWS)
    yield


@pytest.fixture(scope="session")
def moto_server():
    from moto.server import ThreadedMotoServer
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture
def dynamo_client(request):
    kind = request.param if hasattr(request, "param") else "moto"
    if kind == "moto_server":
        endpoint = request.getfixturevalue("moto_server")
        yield boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1")
        return
    from moto import mock_aws
    with mock_aws():
        yield boto3.client("dynamodb", region_name="us-east-1")


class SerializedClient:
    """moto's in-memory backend is not thread-safe (concurrent calls can fail with
    'dictionary changed size during iteration'); DynamoDB itself is. Serialising single
    client calls keeps moto sane while our read-version/conditional-append sequences still
    interleave across threads, which is the race the contract tests exercise."""

    def __init__(self, client):
        self._client = client
        self._lock = threading.Lock()

    def __getattr__(self, name):
        attr = getattr(self._client, name)
        if not callable(attr):
            return attr

        def call(*args, **kwargs):
            with self._lock:
                return attr(*args, **kwargs)
        return call


def _stores(kind, tmp_path, request):
    if kind == "memory":
        return MemoryEventStore(), MemoryViewStore()
    if kind == "sqlite":
        return (SqliteEventStore(str(tmp_path / "events.db"), "OFF"),
                SqliteViewStore(str(tmp_path / "views.db")))
    suffix = uuid.uuid4().hex[:8]
    names = (f"events-{suffix}", f"idem-{suffix}", f"views-{suffix}")
    if kind == "moto_server":
        client = boto3.client("dynamodb", endpoint_url=request.getfixturevalue("moto_server"),
                              region_name="us-east-1")
    else:
        client = request.getfixturevalue("_moto_client")
    client = SerializedClient(client)
    create_tables(client, *names)
    return DynamoEventStore(client, names[0], names[1]), DynamoViewStore(client, names[2])


@pytest.fixture
def _moto_client():
    from moto import mock_aws
    with mock_aws():
        yield boto3.client("dynamodb", region_name="us-east-1")


@pytest.fixture(params=ADAPTERS)
def stores(request, tmp_path):
    return _stores(request.param, tmp_path, request)


@pytest.fixture
def event_store(stores):
    return stores[0]


@pytest.fixture
def view_store(stores):
    return stores[1]
