"""The service on DynamoDB with ``projection="stream"``: views appear only once the poller
has handed the stream to the deployed handler (``app.project_events``); a record that
keeps failing goes to the dead-letter file and ``replay-dlq`` projects it once fixed."""
from __future__ import annotations

import time

import pytest

from chalicelib.projections import all_projections
from chalicelib.projections.projector import Projector
from chalicelib.projections.registry import Projection
from chalicelib.store.ports import StoreUnavailable
from devserver.__main__ import main
from devserver.dead_letters import RETRIES_EXHAUSTED, DeadLetters
from devserver.handler import lambda_handler
from devserver.mapping import MappingSettings
from devserver.poller import StreamPoller
from tests.conftest import ADMIN_KEY
from tests.devserver.conftest import data_dir
from tests.support.client import ApiClient

SETTINGS = MappingSettings(batch_size=100, max_retries=2, retry_delay_seconds=0)


@pytest.fixture
def api(stream_rt, chalice_app):
    return ApiClient(chalice_app, ADMIN_KEY)


def poller_for(aws, tmp_path, settings=SETTINGS, **kw) -> StreamPoller:
    return StreamPoller(aws.streams, aws.stream_arn, lambda_handler(), settings,
                        data_dir(tmp_path), **kw)


def test_writes_become_views_once_the_poller_has_run(aws, stream_rt, api, tmp_path):
    org = api.organizer()
    tid = api.tournament(org, "mtg", "booster-draft")["tournament_id"]
    for name in ("Ann", "Bob", "Cid"):
        api.register(tid, name)
    assert stream_rt.views.checkpoint(f"tournament-{tid}") == 0   # nothing projected yet
    poller = poller_for(aws, tmp_path)
    assert poller.poll_once() is True
    assert stream_rt.views.checkpoint(f"tournament-{tid}") == 4   # by the stream's handler
    summary = api.get(f"/v1/tournaments/{tid}")
    assert summary.status == 200 and summary.body["status"] == "registration"
    players = api.get(f"/v1/tournaments/{tid}/players").body
    assert sorted(p["name"] for p in players["players"]) == ["Ann", "Bob", "Cid"]
    projected = stream_rt.views.dump()
    stream_rt.projector.rebuild()
    assert stream_rt.views.dump() == projected                   # as a full rebuild
    assert poller.delivery.stats.invocations == 1 and poller.status()["caught_up"]


def test_the_poller_thread_catches_up_on_request(aws, stream_rt, api, tmp_path):
    poller = poller_for(aws, tmp_path, idle_seconds=5, max_idle_seconds=5).start()
    try:
        org = api.organizer()
        tid = api.tournament(org, "vtes", "sealed")["tournament_id"]
        started = time.perf_counter()
        assert poller.wait_caught_up(10) is True
        waited = time.perf_counter() - started
        assert api.get(f"/v1/tournaments/{tid}").status == 200
        assert waited < 2                  # woken at once, not after its 5 s idle pause
        assert poller.status()["lag_seconds"] == 0.0
    finally:
        poller.stop()


def crash_on(name: str, broken: list[bool]) -> Projection:
    """A projection whose store fails on one player's registration while ``broken[0]``
    (a failure of the moment is retried and dead-lettered; a poison event would be
    recorded as a damaged stream instead: tests/consistency)."""
    projection = Projection("crash-on-name")

    @projection.on("PlayerRegistered")
    def explode(event, tx):
        if broken[0] and event.data.get("name") == name:
            raise StoreUnavailable(f"cannot project {name}")
    return projection


def test_a_record_that_keeps_failing_is_dead_lettered_then_replayed(aws, stream_rt, api, tmp_path,
                                                        capsys, monkeypatch):
    broken = [True]
    stream_rt.projector = Projector(stream_rt.events, stream_rt.views,
                                    [*all_projections(), crash_on("Mallory", broken)])
    org = api.organizer()
    tid = api.tournament(org, "mtg", "booster-draft")["tournament_id"]
    other = api.tournament(org, "mtg", "booster-draft")["tournament_id"]
    api.register(tid, "Ann")
    api.register(tid, "Mallory")                  # the last event of its stream
    api.register(other, "Bob")
    poller = poller_for(aws, tmp_path)
    assert poller.poll_once() is True
    dead = DeadLetters(data_dir(tmp_path))
    (entry,) = dead.entries()
    assert entry["condition"] == RETRIES_EXHAUSTED and entry["attempts"] == 3
    (record,) = entry["records"]
    assert record["dynamodb"]["NewImage"]["type"] == {"S": "PlayerRegistered"}
    assert "Mallory" in record["dynamodb"]["NewImage"]["data"]["S"]
    names = [p["name"] for p in api.get(f"/v1/tournaments/{tid}/players").body["players"]]
    assert names == ["Ann"]                       # the rest was projected and moved on
    assert [p["name"] for p in api.get(f"/v1/tournaments/{other}/players").body[
        "players"]] == ["Bob"]

    still = dead.replay(lambda_handler())          # not fixed yet: it stays, new error
    assert still == {"entries": 1, "replayed": 0, "kept": 1}
    assert "cannot project Mallory" in dead.entries()[0]["error"]

    broken[0] = False                             # the fix is deployed
    for key in ("PODIUM_STORE", "PODIUM_PROJECTION", "PODIUM_DATA_DIR",
                "PODIUM_DYNAMODB_ENDPOINT", "PODIUM_TOKEN_SECRET", "PODIUM_ADMIN_KEY"):
        monkeypatch.setenv(key, "")               # restored after the command sets them
    monkeypatch.setenv("PODIUM_DYNAMODB_ENDPOINT", "http://127.0.0.1:9")
    assert main(["replay-dlq", "--data-dir", data_dir(tmp_path)]) == 0
    assert "replayed 1 records from 1 entries; 0 still fail" in capsys.readouterr().out
    assert dead.entries() == []
    names = [p["name"] for p in api.get(f"/v1/tournaments/{tid}/players").body["players"]]
    assert sorted(names) == ["Ann", "Mallory"]
    projected = stream_rt.views.dump()
    stream_rt.projector.rebuild()
    assert stream_rt.views.dump() == projected
    assert main(["replay-dlq", "--data-dir", data_dir(tmp_path)]) == 0
    assert "nothing to replay" in capsys.readouterr().out


def test_a_crashing_function_is_bisected_down_to_the_poison_record(aws, stream_rt, api,
                                                                   tmp_path):
    """The function itself fails (a crash, not a reported record) whenever the batch holds
    one record: bisection isolates it, everything else is projected by the real handler."""
    org = api.organizer()
    tids = [api.tournament(org, "mtg", "booster-draft")["tournament_id"] for _ in range(3)]
    for tid in tids:
        api.register(tid, "Ann")
    api.register(tids[1], "Mallory")                  # the last event of its stream
    real = lambda_handler()
    crashes = []

    def poison(record) -> bool:
        image = record["dynamodb"]["NewImage"]
        return image["type"]["S"] == "PlayerRegistered" and "Mallory" in image["data"]["S"]

    def crashing(event):
        if any(poison(r) for r in event["Records"]):
            crashes.append(len(event["Records"]))
            raise MemoryError("the function ran out of memory")
        return real(event)
    poller = StreamPoller(aws.streams, aws.stream_arn, crashing, SETTINGS, data_dir(tmp_path))
    assert poller.poll_once() is True
    assert crashes[-3:] == [1, 1, 1] and crashes[0] > 8 and poller.delivery.stats.bisections
    (entry,) = DeadLetters(data_dir(tmp_path)).entries()
    assert entry["error"] == "MemoryError: the function ran out of memory"
    assert [r["dynamodb"]["NewImage"]["type"]["S"] for r in entry["records"]] == [
        "PlayerRegistered"]
    stream_rt.dead_letters = DeadLetters(data_dir(tmp_path)).count    # as devserver wires it
    health = api.get("/v1/health").body
    assert health["status"] == "degraded" and health["projection"]["dead_letters"] == 1
    assert "dead_letters" in {p["check"] for p in health["problems"]}
    for tid in tids:
        names = [p["name"] for p in api.get(f"/v1/tournaments/{tid}/players").body["players"]]
        assert names == ["Ann"]
    assert DeadLetters(data_dir(tmp_path)).replay(real)["kept"] == 0
    assert sorted(p["name"] for p in api.get(f"/v1/tournaments/{tids[1]}/players").body[
        "players"]) == ["Ann", "Mallory"]
    health = api.get("/v1/health").body
    assert health["status"] == "ok" and health["projection"]["dead_letters"] == 0
