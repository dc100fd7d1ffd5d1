"""Every reply carries ``X-Request-Id``; error bodies carry it as ``request_id``; every log
line of the request carries it; a well-formed client id is kept, API Gateway's is used
otherwise, and a fresh one locally."""
from __future__ import annotations

import io
import json
import logging
import re
import threading

import pytest

from chalicelib.telemetry.logs import logger
from tests.support.gateway import invoke

GENERATED = re.compile(r"[0-9a-f]{32}")


@pytest.fixture
def log_lines():
    """The JSON lines the service logs, formatted as in production."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logger.registered_formatter)
    targets = [logging.getLogger("podium"), logging.getLogger("chalicelib")]
    levels = [t.level for t in targets]
    for target in targets:
        target.addHandler(handler)
        target.setLevel(logging.INFO)
    yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    for target, level in zip(targets, levels, strict=True):
        target.removeHandler(handler)
        target.setLevel(level)


def test_success_and_error_replies_carry_an_id(api):
    ok = api.get("/v1/profiles")
    assert GENERATED.fullmatch(ok.headers["X-Request-Id"])
    missing = api.get("/v1/tournaments/t000000000000")
    assert missing.status == 404
    assert missing.body["request_id"] == missing.headers["X-Request-Id"]
    assert missing.headers["X-Request-Id"] != ok.headers["X-Request-Id"]
    refused = api.request("PUT", "/v1/tournaments", json_body={}, check=False)   # Chalice's 405
    assert refused.status == 405 and refused.body["request_id"] == refused.headers["X-Request-Id"]


def test_a_well_formed_client_id_is_kept_and_a_malformed_one_replaced(api):
    mine = "client-1234.abc:XYZ_9"
    r = api.get("/v1/tournaments/t000000000000", headers={"X-Request-Id": mine})
    assert r.headers["X-Request-Id"] == mine and r.body["request_id"] == mine
    for bad in ("has space", "x" * 129, "semi;colon", "<script>", ""):
        r = api.get("/v1/profiles", headers={"X-Request-Id": bad})
        assert r.status == 200 and GENERATED.fullmatch(r.headers["X-Request-Id"]), bad


def test_api_gateway_request_id_is_used_when_the_client_sends_none(api, chalice_app):
    r = invoke(chalice_app, "GET", "/v1/tournaments/t000000000000", request_id="gw-abc-123")
    assert r.status == 404
    assert r.headers["X-Request-Id"] == "gw-abc-123" and r.body["request_id"] == "gw-abc-123"
    r = invoke(chalice_app, "GET", "/v1/profiles", headers={"x-request-id": "mine-0001"},
               request_id="gw-abc-124")
    assert r.headers["X-Request-Id"] == "mine-0001"


def test_every_log_line_of_a_request_carries_its_id(api, rt, log_lines, monkeypatch):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]

    def failing(*args, **kwargs):
        raise RuntimeError("projection broke")
    monkeypatch.setattr(rt.projector, "apply", failing)   # logged by the projector
    monkeypatch.setattr(rt.projector, "strict", False)
    r = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"},
                 headers={"X-Request-Id": "req-with-a-log-line"})
    assert r.status == 201
    mine = [line for line in log_lines() if line.get("request_id") == "req-with-a-log-line"]
    messages = [line["message"] for line in mine]
    assert any("projection failed" in m for m in messages)       # a chalicelib.* logger
    request_line = next(line for line in mine if line["message"] == "request")
    assert request_line["status"] == 201 and request_line["route"] == \
        "/v1/tournaments/{tid}/players"
    assert all(line.get("request_id") for line in log_lines() if line["message"] == "request")
    logging.getLogger("chalicelib.test").warning("after the request")
    assert "request_id" not in log_lines()[-1]       # unbound once the reply is out


def test_concurrent_requests_keep_their_own_ids_in_logs(api, log_lines):
    def call(i):
        api.get("/v1/profiles", headers={"X-Request-Id": f"parallel-{i:04d}"})
    threads = [threading.Thread(target=call, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ids = sorted(line["request_id"] for line in log_lines() if line["message"] == "request")
    assert ids == [f"parallel-{i:04d}" for i in range(8)]
