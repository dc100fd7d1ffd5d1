"""The TypeScript client's subscription helper (clients/typescript/src/subscribe.ts),
compiled with ``tsc --strict`` and run with node against a live local server: a phone
follows a tournament's public feed and a player's private feed, goes away, misses
entries, resumes from its last position, and ends with exactly what the catch-up route
lists (no gap, no duplicate; ``dist/resume.js`` checks it), over each transport:
Server-Sent Events, polling the catch-up route, the WebSocket protocol (a stand-in that
drops the connection after every message of entries, so the helper resumes by itself),
and falling back from a WebSocket API that does not answer."""
from __future__ import annotations

import json
import shutil
import socket

import pytest

from tests.client.conftest import CLIENT, run
from tests.client.socket_stand_in import SocketStandIn

NODE_WEBSOCKET = "--experimental-websocket"    # Node 20; a global WebSocket from Node 22


def _resume(live_server, transports: str, websocket_url: str | None = None) -> dict:
    flags = [NODE_WEBSOCKET] if _needs_flag() else []
    args = [live_server.url, live_server.admin_key, transports]
    if websocket_url:
        args.append(websocket_url)
    out = run("node", *flags, str(CLIENT / "dist" / "resume.js"), *args, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["texts"] == ["one", "two", "three", "four", "five", "six"]
    assert result["private"].count("penalty") == 2
    return result


def _needs_flag() -> bool:
    out = run("node", "-e", "process.exit(typeof WebSocket === 'function' ? 0 : 1)")
    return out.returncode != 0


@pytest.mark.parametrize("transport", ["sse", "poll"])
def test_the_helper_resumes_over_http(compiled, live_server, transport):
    assert _resume(live_server, transport)["transports"] == [transport]


def test_the_helper_resumes_over_a_websocket_that_drops(compiled, live_server):
    if not shutil.which("node"):
        pytest.skip("node is needed")
    with SocketStandIn(live_server.url, drop_every=1) as stand_in:
        result = _resume(live_server, "websocket,sse,poll", stand_in.url)
    assert result["transports"] == ["websocket"]
    assert stand_in.drops >= 2 and stand_in.connections > 4      # resumed after each drop


def test_the_helper_falls_back_when_no_websocket_answers(compiled, live_server):
    with socket.socket() as probe:                  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        dead = f"ws://127.0.0.1:{probe.getsockname()[1]}"
    result = _resume(live_server, "websocket,sse", dead)
    assert result["transports"] == ["websocket", "sse"]
