"""A credential is checked inside the write (issue 26, finding 1): a rotation
authenticated before the staff's re-issue cannot commit after it, of two simultaneous
rotations with one token exactly one lands (the other: 401 ``credential_replaced``), a
re-issue locks self-rotation for a while. On SQLite and on DynamoDB (moto), with real
threads."""
from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

from chalicelib.api.common import execute
from chalicelib.application import registration
from chalicelib.auth import optional_principal
from chalicelib.domain.errors import DomainError
from chalicelib.runtime import set_runtime
from chalicelib.service import Reply
from tests.conftest import ADMIN_KEY
from tests.faults.conftest import dynamo_runtime, faulty, moto_client  # noqa: F401
from tests.support.client import ApiClient

TRIALS = 8


@pytest.fixture(params=["sqlite", "dynamodb"])
def store_api(request, chalice_app):
    """The API on SQLite, or on moto's DynamoDB (calls serialised by the faulty client:
    moto's backend is not thread-safe; requests still interleave between calls)."""
    if request.param == "sqlite":
        rt = request.getfixturevalue("rt")
        yield ApiClient(chalice_app, ADMIN_KEY), rt
        return
    runtime = dynamo_runtime(request.getfixturevalue("faulty"),
                             request.getfixturevalue("faulty"))
    set_runtime(runtime)
    yield ApiClient(chalice_app, ADMIN_KEY), runtime
    set_runtime(None)


def player_event(api):
    org = api.organizer()
    tid = api.tournament(org, settings={"registration": {"rotation_lock_seconds": 0}})[
        "tournament_id"]
    ann = api.register(tid, "Ann")
    return org, tid, ann


def token_path(tid, pid):
    return f"/v1/tournaments/{tid}/players/{pid}/token"


def works(api, token) -> bool:
    return api.get("/v1/me", token=token).status == 200


def together(*calls):
    """Run ``calls`` in threads released at once; their results in order."""
    barrier, results = threading.Barrier(len(calls)), [None] * len(calls)

    def run(i, call):
        barrier.wait()
        results[i] = call()
    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_a_rotation_authenticated_before_a_reissue_cannot_commit_after_it(store_api):
    api, rt = store_api
    org, tid, ann = player_event(api)
    request = SimpleNamespace(headers={"authorization": f"Bearer {ann['token']}"},
                              context={})
    thief = optional_principal(request, rt)          # authenticated with credential 0
    reissued = api.post(token_path(tid, ann["player_id"]), token=org)   # the staff
    assert reissued.status == 201
    with pytest.raises(DomainError) as refused:      # the thief's rotation commits now
        execute(lambda uow: Reply(201, registration.replace_token(
            uow, thief, tid, ann["player_id"], "pdm_thief_token_0123456789")), thief, None)
    assert refused.value.status == 401 and refused.value.code == "credential_replaced"
    # the decider alone refuses it too (compare-and-set on the credential number)
    with pytest.raises(DomainError) as cas:
        rt.service.run(lambda uow: Reply(201, registration.replace_token(
            uow, thief, tid, ann["player_id"], "pdm_thief_token_abcdef012345")))
    assert cas.value.status == 401 and cas.value.code == "credential_replaced"
    assert works(api, reissued.body["token"])
    assert not works(api, "pdm_thief_token_0123456789")


def test_of_two_simultaneous_rotations_with_one_token_exactly_one_lands(store_api):
    api, _ = store_api
    org, tid, ann = player_event(api)
    token = ann["token"]
    for _ in range(TRIALS):
        def rotate(t=token):
            return api.post(token_path(tid, ann["player_id"]), token=t)
        first, second = together(rotate, rotate)
        statuses = sorted([first.status, second.status])
        assert statuses == [201, 401], (first.body, second.body)
        lost = first if first.status == 401 else second
        assert lost.body["error"] in ("credential_replaced", "unauthorized"), lost.body
        token = (first if first.status == 201 else second).body["token"]
        assert works(api, token)             # the winner's token is live, not dead on arrival


def test_a_thief_racing_the_staff_never_keeps_a_live_token(store_api):
    api, _ = store_api
    org, tid, ann = player_event(api)
    stolen = ann["token"]
    for _ in range(TRIALS):
        staff, thief = together(
            lambda: api.post(token_path(tid, ann["player_id"]), token=org),
            lambda t=stolen: api.post(token_path(tid, ann["player_id"]), token=t))
        assert staff.status == 201, staff.body
        assert works(api, staff.body["token"])
        if thief.status == 201:              # the thief's landed first: the re-issue killed it
            assert not works(api, thief.body["token"])
        else:
            assert thief.status == 401, thief.body
        stolen = staff.body["token"]         # next trial: the thief stole the new one


@pytest.fixture
def clock(rt):
    moment = SimpleNamespace(now=datetime(2026, 11, 22, 18, 0, tzinfo=UTC))
    rt.service.clock = lambda: moment.now
    return moment


def test_a_reissue_locks_self_rotation_for_a_while(api, clock):
    org = api.organizer()
    tid = api.tournament(org, settings={"registration": {"rotation_lock_seconds": 600}})[
        "tournament_id"]
    ann = api.register(tid, "Ann")
    path = token_path(tid, ann["player_id"])
    assert api.post(path, token=ann["token"]).status == 201          # no re-issue yet
    reissued = api.post(path, token=org)
    locked = api.post(path, token=reissued.body["token"])
    assert locked.status == 409 and locked.body["error"] == "rotation_locked"
    assert locked.body["details"]["seconds_left"] == 600
    assert works(api, reissued.body["token"])
    clock.now += timedelta(seconds=601)
    assert api.post(path, token=reissued.body["token"]).status == 201
