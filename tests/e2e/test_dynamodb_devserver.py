"""The deployed shape over real HTTP, in CI: ``python -m devserver`` (moto's DynamoDB
server on a free port, the template's tables, stream projection by the poller) in a
subprocess, one whole event played against it reading its own writes (X-Podium-Position),
the federation feed pulled, and the views the stream built equal to a full rebuild's.
Then the server stops, and its DynamoDB endpoint with it."""
from __future__ import annotations

import socket
import time
import urllib.parse

from demo.__main__ import consistent_api, run_all, views_match_rebuild
from demo.consistency import Session
from demo.server import LocalServer
from demo.transport import UrlTransport


def accepts(url: str) -> bool:
    parts = urllib.parse.urlsplit(url)
    try:
        with socket.create_connection((parts.hostname, parts.port), timeout=1):
            return True
    except OSError:
        return False


def test_a_whole_event_on_dynamodb_with_stream_projection(capsys):
    started = time.perf_counter()
    server = LocalServer(store="dynamodb").start()
    try:
        raw = UrlTransport(server.url)
        health = raw.request("GET", "/v1/health").body
        assert health["store"] == "dynamodb" and "stream" in str(health["projection"])
        api = consistent_api(server.url, server.admin_key)
        assert isinstance(api.transport, Session)
        assert run_all(api, ["vtes-sealed-swap"]) == 0      # no waiting, no retries
        assert api.transport.carried > 50 and api.transport.position
        assert views_match_rebuild(server, api)
        status = raw.request("GET", "/_devserver/projection?wait=5").body
        assert status["caught_up"] and status["dead_letters"]["records"] == 0
        assert status["invocations"] >= 1 and status["delivered"] > 50
        refused = raw.request("GET", "/_devserver/projection?wait=soon")
        assert refused.status == 400 and refused.body["error"] == "invalid_request"
        assert raw.request("GET", "/_devserver/nothing").status == 404
    finally:
        server.stop()
    assert server.process.returncode == 0, server.log()
    assert not accepts(server.url) and not accepts(server.dynamodb_endpoint)
    out = capsys.readouterr().out
    assert "each exactly once: yes" in out and "gives the same: yes" in out
    assert time.perf_counter() - started < 60
