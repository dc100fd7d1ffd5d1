"""DynamoDB faults through the real path (HTTP -> CommandService -> DynamoEventStore on
moto): conditional-check races with a competing writer, transaction conflicts, throttling
absorbed by botocore's retries and throttling that outlasts them. Nothing is lost, nothing
is duplicated, a retry with the same Idempotency-Key lands exactly once, views converge."""
from __future__ import annotations

import json

from chalicelib.domain import tournament as t
from chalicelib.service import CommandService, Reply
from chalicelib.service.command_service import MAX_ATTEMPTS
from chalicelib.store.dynamo_events import DynamoEventStore
from tests.faults.conftest import TABLES
from tests.faults.faulty_client import client_error

KEY = "c0ffee00-0000-4000-8000-000000000001"


def stream_events(rt, tid):
    return rt.events.read(f"tournament-{tid}")


def registered(rt, tid) -> list[str]:
    return [e.data["name"] for e in stream_events(rt, tid) if e.type == "PlayerRegistered"]


def assert_whole(rt, tid):
    versions = [e.version for e in stream_events(rt, tid)]
    assert versions == list(range(1, len(versions) + 1))
    before = rt.views.dump()
    rt.projector.rebuild()
    assert rt.views.dump() == before


def competing_registration(moto_client, tid: str, name: str):
    """Another process (its own service and cache, the raw client) registers ``name``."""
    other = CommandService(DynamoEventStore(moto_client, TABLES[0], TABLES[1]))

    def work(uow):
        uow.decide(t.TOURNAMENT, tid, t.RegisterPlayer(
            "p" + "b" * 10, name, None, False, uow.now.isoformat()))
        return Reply(201, {})
    return lambda: other.run(work)


def test_a_real_conditional_check_race_retries_on_fresh_state(dynamo_api, moto_client):
    api, rt, faulty = dynamo_api
    org = api.organizer()
    tid = api.tournament(org, "mtg", "booster-draft")["tournament_id"]
    faulty.inject("transact_write_items", competing_registration(moto_client, tid, "Bob"))
    before = faulty.calls["transact_write_items"]
    ann = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"})
    assert ann.status == 201, ann.body
    # Bob landed first, Ann's transaction failed its condition and was decided again
    assert faulty.calls["transact_write_items"] - before == 2
    assert registered(rt, tid) == ["Bob", "Ann"]
    names = [p["name"] for p in api.get(f"/v1/tournaments/{tid}/players").body["players"]]
    assert names == ["Bob", "Ann"]
    assert_whole(rt, tid)


def test_transaction_conflicts_are_retried_and_land_once(dynamo_api):
    api, rt, faulty = dynamo_api
    org = api.organizer()
    tid = api.tournament(org, "vtes", "sealed")["tournament_id"]
    conflict = client_error("TransactionCanceledException", reasons=["None", "TransactionConflict"])
    faulty.inject("transact_write_items", conflict, conflict, conflict)
    r = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"}, token=org,
                 headers={"Idempotency-Key": KEY})
    assert r.status == 201 and faulty.injected["transact_write_items"] == 3
    again = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"}, token=org,
                     headers={"Idempotency-Key": KEY})
    assert again.body == r.body and again.headers.get("Idempotent-Replayed") == "true"
    assert registered(rt, tid) == ["Ann"]
    assert_whole(rt, tid)


def test_contention_that_never_clears_is_a_409_that_records_nothing(dynamo_api):
    api, rt, faulty = dynamo_api
    org = api.organizer()
    tid = api.tournament(org, "vtes", "sealed")["tournament_id"]
    before = len(stream_events(rt, tid))
    conflict = client_error("TransactionCanceledException", reasons=["TransactionConflict"])
    faulty.inject("transact_write_items", *[conflict] * MAX_ATTEMPTS)
    r = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"})
    assert r.status == 409 and r.body["error"] == "contention"
    assert len(stream_events(rt, tid)) == before
    assert api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"}).status == 201
    assert registered(rt, tid) == ["Ann"]


def throttle_responses(client, times: int) -> list[int]:
    """Make the next ``times`` TransactWriteItems answer 400 ProvisionedThroughputExceeded
    on the wire, so botocore's standard retry mode handles them. A throttled request is not
    applied: botocore hands every before-send handler the request and takes the first
    reply, so the throttled attempt is also pointed at an address moto does not serve
    (nothing is sent anywhere: our reply is used)."""
    from botocore.awsrequest import AWSResponse
    from moto.core.botocore_stubber import MockRawResponse

    fired: list[int] = []

    def handler(request, **_):
        if len(fired) >= times:
            return None
        fired.append(1)
        request.url = "http://throttled.invalid/"
        body = json.dumps({"__type": "com.amazonaws.dynamodb.v20120810#"
                           "ProvisionedThroughputExceededException",
                           "message": "injected throttle"}).encode()
        return AWSResponse(request.url, 400, {"Content-Type": "application/x-amz-json-1.0"},
                           MockRawResponse(body))
    client.meta.events.register_first("before-send.dynamodb.TransactWriteItems", handler)
    return fired


def test_throttles_are_absorbed_by_botocore_standard_retries(dynamo_api, moto_client):
    api, rt, _ = dynamo_api
    org = api.organizer()
    tid = api.tournament(org, "munchkin", "booster-draft")["tournament_id"]
    fired = throttle_responses(moto_client, 2)
    r = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"})
    assert r.status == 201 and len(fired) == 2
    assert registered(rt, tid) == ["Ann"]
    assert_whole(rt, tid)


def test_a_throttle_that_outlasts_the_retries_records_nothing(dynamo_api):
    api, rt, faulty = dynamo_api
    org = api.organizer()
    tid = api.tournament(org, "vtes", "sealed")["tournament_id"]
    before = len(stream_events(rt, tid))
    faulty.inject("transact_write_items",
                  client_error("ProvisionedThroughputExceededException"))
    failed = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"},
                      headers={"Idempotency-Key": KEY})
    assert failed.status == 503 and failed.body["error"] == "store_unavailable", failed
    assert failed.headers.get("Retry-After") == "1"
    assert len(stream_events(rt, tid)) == before
    retried = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"},
                       headers={"Idempotency-Key": KEY})
    assert retried.status == 201
    assert registered(rt, tid) == ["Ann"]
    assert_whole(rt, tid)
