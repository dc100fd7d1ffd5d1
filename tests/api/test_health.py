"""``GET /v1/health`` on the embedded store: healthy, a projection left behind (found
cheaply and reported as lag), and a store that is not usable (503, never 500)."""
from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta

import pytest

from chalicelib.runtime import set_runtime
from chalicelib.store.ports import NewEvent, append


def _age(rt, stream_id: str, seconds: float) -> str:
    """Pretend ``stream_id``'s events were recorded ``seconds`` ago."""
    at = (datetime.now(UTC) - timedelta(seconds=seconds)).isoformat(timespec="microseconds")
    rt.events.db.conn().execute("UPDATE events SET recorded_at = ? WHERE stream_id = ?",
                                (at, stream_id))
    return at


def _projection(api) -> dict:
    r = api.get("/v1/health")
    assert r.status == 200, r.body
    return r.body["projection"]


def test_healthy_store_reports_no_lag(api):
    org = api.organizer()
    api.tournament(org)
    r = api.get("/v1/health")
    assert r.status == 200
    assert r.body["status"] == "ok" and r.body["store"] == "sqlite"
    assert set(r.body["checks"]) == {"events", "views"}
    assert all(check["ok"] for check in r.body["checks"].values())
    assert r.body["projection"] == {"mode": "inline", "lag_seconds": 0.0,
                                    "oldest_unprojected_at": None, "complete": True,
                                    "dead_letters": None, "damaged_streams": []}
    assert (r.body["status"], r.body["problems"]) == ("ok", [])


def test_an_event_recorded_but_never_projected_is_lag(api, rt):
    """The process died between the commit and the inline projection."""
    assert _projection(api)["lag_seconds"] == 0
    append(rt.events, "orphan-1", 0, [NewEvent("Happened", {"n": 1}),
                                      NewEvent("Happened", {"n": 2})])
    at = _age(rt, "orphan-1", 90)
    projection = _projection(api)
    assert projection["oldest_unprojected_at"] == at
    assert 90 <= projection["lag_seconds"] < 120
    org = api.organizer()            # later traffic on other streams: still found
    api.tournament(org)
    assert _projection(api)["oldest_unprojected_at"] == at
    rt.projector.catch_up("orphan-1")
    assert _projection(api) == {"mode": "inline", "lag_seconds": 0.0,
                                "oldest_unprojected_at": None, "complete": True,
                                "dead_letters": None, "damaged_streams": []}


def test_a_failed_projection_is_a_damaged_stream_not_lag(api, rt, monkeypatch):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]

    def broken(event, views):
        raise RuntimeError("a projection bug")
    handlers = rt.projector.handlers_for(f"tournament-{tid}")
    monkeypatch.setitem(handlers, "PlayerRegistered", [broken, *handlers["PlayerRegistered"]])
    assert api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"}).status == 201
    _age(rt, f"tournament-{tid}", 30)
    health = api.get("/v1/health").body
    # recorded once as damage (lag stays 0: nothing else waits), and health degrades
    assert health["projection"]["lag_seconds"] == 0 and health["status"] == "degraded"
    (damaged,) = health["projection"]["damaged_streams"]
    assert (damaged["stream_id"], damaged["version"], damaged["event_type"]) == (
        f"tournament-{tid}", 2, "PlayerRegistered")
    monkeypatch.undo()
    rt.projector.retry(f"tournament-{tid}")
    health = api.get("/v1/health").body
    assert health["status"] == "ok" and health["projection"]["damaged_streams"] == []


def test_cleared_views_are_lag_until_rebuilt(api, rt):
    org = api.organizer()
    api.tournament(org)
    assert _projection(api)["lag_seconds"] == 0
    rt.views.clear()                       # what a rebuild starts with
    assert _projection(api)["oldest_unprojected_at"] is not None
    rt.projector.rebuild()
    assert _projection(api)["lag_seconds"] == 0


def _unusable(r, failing: str) -> None:
    assert r.status == 503, r.body
    assert r.body["error"] == "store_unavailable" and r.headers["Retry-After"]
    checks = r.body["details"]["checks"]
    assert checks[failing]["ok"] is False and checks[failing]["error"]
    assert all(check["ok"] for name, check in checks.items() if name != failing)
    assert "/" not in str(r.body["details"])       # no file paths in a public reply


def test_a_corrupted_database_answers_503(api, rt):
    path = rt.events.db.path
    rt.events.db.conn().execute("PRAGMA wal_checkpoint(TRUNCATE)")   # pages now in the file
    with open(path, "r+b") as handle:
        handle.write(b"this is not a database file" * 8)
    _unusable(api.get("/v1/health"), "events")


def test_a_missing_database_answers_503(api, rt):
    os.remove(rt.views.db.path)
    _unusable(api.get("/v1/health"), "views")


def test_a_store_that_cannot_be_opened_answers_503(api, tmp_path, monkeypatch):
    data = tmp_path / "broken"
    data.mkdir()
    (data / "events.db").write_bytes(b"garbage, not SQLite" * 64)
    monkeypatch.setenv("PODIUM_STORE", "sqlite")
    monkeypatch.setenv("PODIUM_DATA_DIR", str(data))
    set_runtime(None)
    r = api.get("/v1/health")
    assert r.status == 503 and r.body["error"] == "store_unavailable"
    assert r.body["details"] == {"cause": "DatabaseError"}


@pytest.mark.parametrize("header", [{}, {"X-Request-Id": "health-probe-1"}])
def test_health_replies_carry_a_request_id(api, header):
    r = api.get("/v1/health", headers=header)
    assert r.status == 200 and r.headers["X-Request-Id"]
