"""Views are derived data: a views.db that is missing, corrupt or built by other
projections is rebuilt from the events (at start, or when a read finds it damaged), said in
the log and on /v1/health, and the event store is never written by the healing."""
from __future__ import annotations

import gc
import hashlib
import logging
import os
import time

import pytest

from chalicelib.projections import SCHEMA_VERSION
from chalicelib.runtime import build_runtime, set_runtime
from chalicelib.store.sqlite_base import RECHECK_SECONDS
from tests.conftest import ADMIN_KEY, make_config
from tests.support.client import ApiClient


@pytest.fixture
def event(tmp_path, chalice_app):
    """A data dir holding a running event, its views built; the process then 'stops'."""
    data = tmp_path / "data"
    set_runtime(build_runtime(make_config(data)))
    api = ApiClient(chalice_app, ADMIN_KEY)
    started = api.started("vtes", "sealed", players=5)
    summary = api.get(f"/v1/tournaments/{started['tid']}").body
    players = api.get(f"/v1/tournaments/{started['tid']}/players").body
    yield data, api, started, summary, players
    set_runtime(None)


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _restart(data):
    runtime = build_runtime(make_config(data))
    set_runtime(runtime)
    return runtime


def _assert_healed(api, started, summary, players, reason):
    tid = started["tid"]
    assert api.get(f"/v1/tournaments/{tid}").body == summary
    assert api.get(f"/v1/tournaments/{tid}/players").body == players
    views = api.get("/v1/health").body["views"]
    assert views["condition"] is None and views["schema_version"] == SCHEMA_VERSION
    assert views["repairs"][-1]["reason"].startswith(reason)
    assert views["repairs"][-1]["events_applied"] > 0


def _replace_views(data, content: bytes) -> None:
    """Another file in views.db's place, without the journal files of the old one."""
    (data / "stray").write_bytes(content)
    os.replace(data / "stray", data / "views.db")
    for suffix in ("-wal", "-shm"):
        if (data / f"views.db{suffix}").exists():
            os.remove(data / f"views.db{suffix}")


def _checkpointed(data):
    """The events file as it is on disk once the WAL is folded in (a reader's view)."""
    import sqlite3
    conn = sqlite3.connect(data / "events.db")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return _digest(data / "events.db")


def test_a_deleted_views_db_is_rebuilt_at_start(event, caplog):
    data, api, started, summary, players = event
    events_before = _checkpointed(data)
    for suffix in ("", "-wal", "-shm"):
        if (data / f"views.db{suffix}").exists():
            os.remove(data / f"views.db{suffix}")
    with caplog.at_level(logging.WARNING):
        _restart(data)
    assert "views rebuilding from the events: unversioned" in caplog.text
    _assert_healed(api, started, summary, players, "unversioned")
    assert _checkpointed(data) == events_before


def test_a_corrupt_views_db_is_rebuilt_at_start_and_moved_aside(event):
    data, api, started, summary, players = event
    set_runtime(None)
    # the stopped process's connections close now, not whenever the collector finds them
    # (a late close checkpoints its pages into the file written below, or its copy aside)
    gc.collect()
    (data / "views.db").write_bytes(b"this is not a database " * 1000)
    for suffix in ("-wal", "-shm"):
        if (data / f"views.db{suffix}").exists():
            os.remove(data / f"views.db{suffix}")
    _restart(data)
    _assert_healed(api, started, summary, players, "corrupt")
    assert (data / "views.db.damaged").read_bytes().startswith(b"this is not a database")


def test_views_of_other_projections_are_rebuilt_at_start(event):
    data, api, started, summary, players = event
    import sqlite3
    conn = sqlite3.connect(data / "views.db")
    conn.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    conn.execute("DELETE FROM views WHERE kind LIKE 'players:%'")     # an older shape
    conn.commit()
    conn.close()
    _restart(data)
    _assert_healed(api, started, summary, players, "incompatible (built by schema 1")


def test_a_views_db_damaged_while_running_heals_on_the_next_read(event):
    data, api, started, summary, players = event
    runtime = _restart(data)
    tid = started["tid"]
    # a stray copy replaces the files under the running process; its connections notice
    # within RECHECK_SECONDS (a write transaction at once)
    _replace_views(data, b"garbage!" * 512)
    time.sleep(RECHECK_SECONDS + 0.05)
    assert api.get(f"/v1/tournaments/{tid}").body == summary     # healed, then answered
    assert runtime.healer.repairs[-1].reason.startswith("corrupt")
    late = api.post(f"/v1/tournaments/{tid}/players", {"name": "Late"}, token=started["organizer"])
    assert late.status == 201
    assert api.get(f"/v1/tournaments/{tid}/players").body["players"][-1]["name"] == "Late"


def test_the_rebuild_route_replaces_a_corrupt_file(event):
    data, api, started, summary, players = event
    _restart(data)
    _replace_views(data, b"\0" * 8192)
    assert api.rebuild_views()["events_applied"] > 0
    assert api.get(f"/v1/tournaments/{started['tid']}").body == summary


def test_a_fresh_data_dir_needs_no_repair(tmp_path, chalice_app):
    runtime = build_runtime(make_config(tmp_path / "fresh"))
    assert runtime.healer.repairs == []
    assert runtime.views.condition(SCHEMA_VERSION) is None
