"""What the desk's browser tests share within a module: one runtime and server, one
Chromium (each test opens its own context), axe-core, where screenshots go, and an
organizer's key. Sharing them saves a server, a runtime and a browser start per test."""
from __future__ import annotations

import os
import pathlib

import httpx
import pytest

from chalicelib.runtime import build_runtime, set_runtime
from tests.browser.conftest import close_contexts
from tests.browser.desk_driver import AXE, ROOT
from tests.browser.local_server import serve
from tests.browser.test_widget_browser import REQUIRED
from tests.conftest import ADMIN_KEY, make_config
from tests.node_packages import ensure


@pytest.fixture(scope="module")
def desk_server(tmp_path_factory, chalice_app):
    """The app on a runtime of its own (a fresh data dir) for the whole module."""
    runtime = build_runtime(make_config(tmp_path_factory.mktemp("desk") / "data"))
    set_runtime(runtime)
    with serve(chalice_app) as base:
        yield base
    set_runtime(None)


@pytest.fixture(scope="module")
def axe_core():
    """axe-core from the desk's npm packages (installed once when they are not current)."""
    problem = ensure(ROOT / "desk")
    if problem:
        if REQUIRED:
            pytest.fail(f"axe-core: {problem}")
        pytest.skip(f"axe-core: {problem}")
    return AXE


@pytest.fixture(scope="module")
def chromium(shared_chromium):
    yield shared_chromium
    close_contexts(shared_chromium)


@pytest.fixture
def shots(tmp_path):
    """``PODIUM_DESK_SHOTS`` (docs/desk when refreshing the committed screenshots), else
    None: each screen is still checked with axe-core, but nothing is written."""
    wanted = os.environ.get("PODIUM_DESK_SHOTS")
    if not wanted:
        return None
    target = pathlib.Path(wanted)
    target.mkdir(parents=True, exist_ok=True)
    return target


def organizer_key(base: str, name: str = "Spyke's") -> str:
    reply = httpx.post(f"{base}/v1/accounts", json={"role": "organizer", "name": name},
                       headers={"Authorization": f"Bearer {ADMIN_KEY}"})
    assert reply.status_code == 201, reply.text
    return reply.json()["api_key"]
