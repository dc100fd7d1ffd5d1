"""``python -m devserver`` (what ``serve.sh --dynamodb`` runs) keeps accounts, tournaments
and views across kill -9 and a clean stop: its moto endpoint dies with it and the next
start replays the journal; the poller resumes where it was, so a write the crash caught
before its projection is projected after the restart, and nothing already projected is
delivered again."""
from __future__ import annotations

import json
import os
import time

from demo.server import LocalServer
from demo.transport import UrlTransport
from tests.devserver.processes import gone_within


def call(server: LocalServer, method: str, path: str, key: str, body=None):
    headers = {"Authorization": f"Bearer {key}"}
    return UrlTransport(server.url).request(method, path, body=body, headers=headers)


def projected(server: LocalServer) -> dict:
    return UrlTransport(server.url).request("GET", "/_devserver/projection?wait=10").body


def endpoint_pid(data_dir: str) -> int:
    with open(os.path.join(data_dir, "devserver.json"), encoding="utf-8") as handle:
        return json.load(handle)["endpoint_pid"]


def test_kill_9_and_restarts_keep_every_table(tmp_path):
    started = time.monotonic()
    data_dir = str(tmp_path)
    first = LocalServer(store="dynamodb", data_dir=data_dir).start()
    try:
        account = call(first, "POST", "/v1/accounts", first.admin_key,
                       {"role": "organizer", "name": "Durable Store"})
        assert account.status == 201, account.body
        key = account.body["api_key"]
        made = [call(first, "POST", "/v1/tournaments", key,
                     {"name": f"T{n}", "game": "munchkin", "format": "booster-draft"})
                for n in range(2)]
        assert [m.status for m in made] == [201, 201]
        assert projected(first)["caught_up"]
        late = call(first, "POST", "/v1/tournaments", key,
                    {"name": "caught by the crash", "game": "munchkin",
                     "format": "booster-draft"})
        assert late.status == 201
        moto = endpoint_pid(data_dir)
        first.process.kill()                                     # kill -9, no cleanup
        first.process.wait(timeout=10)
    finally:
        first.stop()
    assert gone_within(moto, 15), "the DynamoDB endpoint outlived the killed server"

    second = LocalServer(store="dynamodb", data_dir=data_dir).start()
    try:
        assert endpoint_pid(data_dir) != moto
        assert call(second, "GET", "/v1/me", key).status == 200
        status = projected(second)
        assert status["caught_up"] and status["dead_letters"]["records"] == 0
        for reply in [*made, late]:
            tid = reply.body["tournament_id"]
            read = call(second, "GET", f"/v1/tournaments/{tid}", key)
            assert read.status == 200 and read.body["name"] == reply.body["name"]
        assert status["delivered"] <= 2       # only what the crash left unprojected
    finally:
        second.stop()                                            # a clean stop
    assert second.process.returncode == 0, second.log()
    third = LocalServer(store="dynamodb", data_dir=data_dir).start()
    try:
        listed = call(third, "GET", "/v1/tournaments?limit=10", key)
        assert listed.status == 200
        assert {t["name"] for t in listed.body["items"]} >= {"T0", "T1", "caught by the crash"}
        assert projected(third)["delivered"] == 0
    finally:
        third.stop()
    assert time.monotonic() - started < 120
