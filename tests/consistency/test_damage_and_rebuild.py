"""A poison event damages only its stream (503 ``view_damaged`` naming it, health
degraded, retried after a fix); a rebuild builds a new generation beside the current
one, reports poison streams instead of stopping, never deletes the current views before
it has succeeded, resumes after an interruption, and switches atomically."""
from __future__ import annotations

import pytest

from chalicelib.application import rebuild as rebuild_module
from chalicelib.projections import all_projections
from chalicelib.projections.registry import Projection
from tests.conftest import ADMIN_KEY

BROKEN = {"on": True}
crash = Projection("crash-on-mallory")


@crash.on("PlayerRegistered")
def _crash(stored, tx):
    if BROKEN["on"] and stored.data.get("name") == "Mallory":
        raise RuntimeError("cannot project Mallory")


@pytest.fixture(params=["sqlite", "dynamodb"])
def store(request, api, rt, lagging_factory):
    """(api, runtime) on the embedded store (inline) or DynamoDB (stream, no projector),
    with a projection that fails on one player's registration."""
    if request.param == "sqlite":
        yield api, rt
    else:
        yield lagging_factory()


@pytest.fixture
def broken(store, monkeypatch):
    api, rt = store
    BROKEN["on"] = True
    monkeypatch.setattr(rt.projector, "projections", [*all_projections(), crash])
    monkeypatch.setattr(rt.projector, "_by_kind", {})
    monkeypatch.setattr(rebuild_module.Rebuilds, "__post_init__", _with_crash, raising=False)
    return api, rt


def _with_crash(self):
    self.projections = [*self.projections, crash]


def _project(rt):
    """What the stream's projector would do (the embedded store projects inline)."""
    if rt.config.projection == "stream":
        rt.projector.apply(list(rt.events.all_events()))


def test_a_poison_event_damages_only_its_streams_views(broken):
    api, rt = broken
    org = api.organizer()
    tid = api.tournament(org, "mtg", "booster-draft")["tournament_id"]
    other = api.tournament(org, "mtg", "booster-draft")["tournament_id"]
    api.register(tid, "Ann")
    api.register(tid, "Mallory")
    api.register(other, "Bob")
    _project(rt)
    stream = f"tournament-{tid}"
    reply = api.get(f"/v1/tournaments/{tid}/players")
    assert (reply.status, reply.body["error"]) == (503, "view_damaged"), reply.body
    assert reply.body["details"]["stream_id"] == stream and reply.headers["Retry-After"]
    assert [p["name"] for p in api.get(f"/v1/tournaments/{other}/players").body[
        "players"]] == ["Bob"]                                  # other streams project on
    health = api.get("/v1/health").body
    assert health["status"] == "degraded"
    assert [d["stream_id"] for d in health["projection"]["damaged_streams"]] == [stream]
    assert health["projection"]["lag_seconds"] == 0            # damage is not lag
    assert "damaged_streams" in {p["check"] for p in health["problems"]}

    api.register(tid, "Cid")                                    # appends cost no re-run
    _project(rt)
    assert rt.projector.views.checkpoint(stream) == -3

    BROKEN["on"] = False                                        # the fix is deployed
    retried = api.post(f"/v1/admin/projections/streams/{stream}/retry", token=ADMIN_KEY)
    assert retried.status == 200 and retried.body == {
        "stream_id": stream, "damaged_before": True, "checkpoint": 4, "damaged": False}
    names = [p["name"] for p in api.get(f"/v1/tournaments/{tid}/players").body["players"]]
    assert sorted(names) == ["Ann", "Cid", "Mallory"]
    assert api.get("/v1/health").body["status"] == "ok"
    missing = api.post("/v1/admin/projections/streams/tournament-t000000000000/retry",
                       token=ADMIN_KEY)
    assert (missing.status, missing.body["error"]) == (404, "stream_not_found")
    assert api.post(f"/v1/admin/projections/streams/{stream}/retry", token=org).status == 403


def _rebuild(api, wait=25):
    started = api.post("/v1/admin/projections/rebuild", token=ADMIN_KEY)
    assert started.status == 202 and started.body["state"] == "running", started.body
    done = api.get("/v1/admin/projections/rebuild?wait=" + str(wait), token=ADMIN_KEY)
    assert done.status == 200
    return done.body


def test_a_rebuild_reports_poison_streams_and_switches_to_an_equal_generation(broken):
    api, rt = broken
    BROKEN["on"] = False
    org = api.organizer()
    tid = api.tournament(org, "mtg", "booster-draft")["tournament_id"]
    for name in ("Ann", "Mallory", "Bob"):
        api.register(tid, name)
    _project(rt)
    before = rt.projector.views.dump()
    BROKEN["on"] = True                          # a regression: the rebuild meets poison
    job = _rebuild(api)
    assert job["state"] == "succeeded", job
    assert job["poison_streams"] == [{"stream_id": f"tournament-{tid}", "version": 3,
                                      "event_type": "PlayerRegistered"}]
    BROKEN["on"] = False
    assert api.post(f"/v1/admin/projections/streams/tournament-{tid}/retry",
                    token=ADMIN_KEY).body["damaged"] is False
    job = _rebuild(api)
    assert job["state"] == "succeeded" and job["poison_streams"] == []
    assert job["events_applied"] == len(list(rt.events.all_events()))
    assert rt.projector.views.dump() == before   # the same views, a new generation
    assert api.get(f"/v1/tournaments/{tid}").status == 200


def test_a_failed_rebuild_deletes_nothing_and_health_says_so(broken, monkeypatch):
    api, rt = broken
    BROKEN["on"] = False
    org = api.organizer()
    tid = api.tournament(org, "mtg", "booster-draft")["tournament_id"]
    api.register(tid, "Ann")
    _project(rt)
    before = rt.projector.views.dump()

    def failing(self):
        raise OSError("the disk is full")
    monkeypatch.setattr(rebuild_module.Rebuilds, "_catch_up_current", failing)
    monkeypatch.setattr(type(rt.projector.views), "switch_to",
                        lambda self, built: (_ for _ in ()).throw(OSError("disk full")))
    job = _rebuild(api)
    assert job["state"] == "failed" and "disk full" in job["error"]
    assert rt.projector.views.dump() == before            # the current views untouched
    assert api.get(f"/v1/tournaments/{tid}/players").status == 200
    health = api.get("/v1/health").body
    assert health["status"] == "degraded"
    assert "rebuild" in {p["check"] for p in health["problems"]}


def test_an_interrupted_rebuild_resumes_from_its_generation(broken):
    api, rt = broken
    BROKEN["on"] = False
    org = api.organizer()
    tids = [api.tournament(org, "mtg", "booster-draft")["tournament_id"] for _ in range(5)]
    _project(rt)
    before = rt.projector.views.dump()
    jobs = rt.rebuilds()
    jobs.projections = [*jobs.projections, crash]
    job = jobs.start()
    original = rebuild_module.HEARTBEAT_STREAMS
    rebuild_module.HEARTBEAT_STREAMS = 2
    try:
        first = jobs.run(job["job_id"], budget_seconds=0)   # runs out of time at once
        assert first["state"] == "running" and 0 < first["streams_projected"] < 7
        assert rt.projector.views.dump() == before          # nothing switched
        again = api.post("/v1/admin/projections/rebuild", token=ADMIN_KEY)
        assert (again.status, again.body["error"]) == (409, "rebuild_running")
        done = jobs.run(job["job_id"])
    finally:
        rebuild_module.HEARTBEAT_STREAMS = original
    assert done["state"] == "succeeded" and done["runs"] == 2, done
    assert rt.projector.views.dump() == before
    assert all(api.get(f"/v1/tournaments/{t}").status == 200 for t in tids)
