"""Shared fixtures: a runtime on a fresh SQLite data dir and the spec-checking API client."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")

from chalicelib.config import Config
from chalicelib.runtime import build_runtime, set_runtime
from tests.support.client import ApiClient
from tests.support.threads import thread_safe
from tools import moto_speedups

ADMIN_KEY = "pdm_admin_test_key_0123456789"
moto_speedups.install()     # moto without its costs that grow with the data stored


# what every in-process or loopback DynamoDB (moto) is reached with
FAKE_AWS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
            "AWS_DEFAULT_REGION": "us-east-1", "AWS_ACCOUNT_ID_ENDPOINT_MODE": "disabled"}


@pytest.fixture
def fake_aws(monkeypatch) -> None:
    """:data:`FAKE_AWS` in the environment for this test only."""
    for key, value in FAKE_AWS.items():
        monkeypatch.setenv(key, value)


def make_config(data_dir, **overrides) -> Config:
    return Config(store="sqlite", data_dir=str(data_dir), admin_key=ADMIN_KEY,
                  token_secret="test-secret-" + "0" * 52, sqlite_synchronous="OFF",
                  check_purity=True, **overrides)


@pytest.fixture
def rt(tmp_path):
    runtime = build_runtime(make_config(tmp_path / "data"))
    set_runtime(runtime)
    yield runtime
    set_runtime(None)


@pytest.fixture
def restart(tmp_path):
    """Call to simulate a process restart: a new runtime on the same data dir."""
    def _restart():
        runtime = build_runtime(make_config(tmp_path / "data"))
        set_runtime(runtime)
        return runtime
    return _restart


@pytest.fixture(scope="session")
def chalice_app():
    from app import app
    return thread_safe(app)   # tests drive it from several threads at once


@pytest.fixture
def api(rt, chalice_app) -> ApiClient:
    return ApiClient(chalice_app, ADMIN_KEY)


# The longest tests (``--durations``: each 20-90 s on a quiet machine) start first, so that
# the suite never ends waiting on one of them while the other worker is idle; with
# ``--dist worksteal`` (scripts/test.sh) a worker that runs out takes the other's queue.
LONG_FIRST = (
    "tests/docs/test_walkthrough.py",
    "tests/fuzz/test_schemathesis.py::test_fuzz_every_operation",
    "tests/infra/test_alarms.py",
    "tests/client/test_typescript_client.py",
    "tests/client/test_generated_client.py",
    "tests/infra/test_bundle.py",
    "tests/api/test_layout_migration.py",
    "tests/e2e/test_dynamodb_devserver.py",
    "tests/fuzz/test_hostile_http.py",
    "tests/e2e/test_whole_events.py",
    "tests/consistency/test_read_your_writes.py",
    "tests/browser/test_desk_vtes_browser.py",
    "tests/client/test_desk_types.py",
)


@pytest.fixture
def dynamo_api(chalice_app):
    """(the API client, its runtime) on the DynamoDB adapters: moto in-process, projection
    inline."""
    os.environ.update(FAKE_AWS)
    from moto import mock_aws
    with mock_aws():
        import boto3

        from chalicelib.store.dynamo_tables import create_tables
        create_tables(boto3.client("dynamodb"), "ev", "idem", "views")
        rt = build_runtime(Config(store="dynamodb", admin_key=ADMIN_KEY, token_secret="s" * 64,
                                  events_table="ev", idempotency_table="idem",
                                  views_table="views", projection="inline"))
        # a rebuild waits this long for other processes to see its new generation; this
        # test's process is the only one (the devserver's deployed shape keeps the wait)
        rt.projector.views.follow_seconds = 0
        set_runtime(rt)
        yield ApiClient(chalice_app, ADMIN_KEY), rt
        set_runtime(None)


@pytest.fixture
def dynamo_client(dynamo_api) -> ApiClient:
    """The API client alone on the DynamoDB adapters (``dynamo_api`` without its runtime)."""
    return dynamo_api[0]


def pytest_collection_modifyitems(items):
    def rank(item) -> int:
        return next((k for k, prefix in enumerate(LONG_FIRST)
                     if item.nodeid.startswith(prefix)), len(LONG_FIRST))
    items.sort(key=rank)       # stable: every other test keeps its order
