"""Health of the embedded store: both database files open and answer a trivial query, and
the projection's backlog. Projection runs inline after each commit, so nothing waits
unless a projection failed (or the process died between the commit and the projection)
and left a stream behind; such streams are found by comparing each stream's head version
with its view checkpoint, looking only at events recorded since the previous look (the
event store's global ``position``) plus the streams already known to be behind."""
from __future__ import annotations

import pathlib
import sqlite3
import threading
import time
from datetime import datetime

from .ports import Backlog, Probe
from .sqlite_events import SqliteEventStore
from .sqlite_views import SqliteViewStore

PROBES = {
    "events": "SELECT (SELECT MAX(position) FROM events),"
              " (SELECT COUNT(*) FROM idempotency WHERE key = '')",
    "views": "SELECT COUNT(*) FROM checkpoints WHERE stream_id = ''",
}


def _probe(name: str, path: str, query: str) -> Probe:
    """A fresh connection (``mode=rw`` opens the file, never creates it), so a deleted or
    corrupted file shows even while the app's own connections hold the old one open."""
    started = time.perf_counter()
    try:
        uri = pathlib.Path(path).resolve().as_uri() + "?mode=rw"
        conn = sqlite3.connect(uri, uri=True, timeout=2)
        try:
            conn.execute(query).fetchone()
        finally:
            conn.close()
    except sqlite3.Error as exc:
        return Probe(name, False, _ms(started), type(exc).__name__)
    return Probe(name, True, _ms(started))


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)


class SqliteHealth:
    def __init__(self, events: SqliteEventStore, views: SqliteViewStore):
        self.events = events
        self.views = views
        self._lock = threading.Lock()
        self._seen = 0                       # every event up to here was looked at
        self._behind: dict[str, int] = {}    # stream -> head version, not yet projected
        self._checkpoints = 0                # checkpoints counted at the previous look

    def probe(self) -> list[Probe]:
        return [_probe("events", self.events.db.path, PROBES["events"]),
                _probe("views", self.views.db.path, PROBES["views"])]

    def backlog(self) -> Backlog:
        try:
            with self._lock:
                return self._backlog()
        except sqlite3.Error as exc:
            return Backlog(None, complete=False, error=type(exc).__name__)

    def _backlog(self) -> Backlog:
        checkpoints = self.views.checkpoint_count()
        if checkpoints < self._checkpoints:      # the views were cleared (a rebuild)
            self._seen, self._behind = 0, {}
        self._checkpoints = checkpoints
        rows = self.events.db.conn().execute(
            "SELECT stream_id, MAX(version), MAX(position) FROM events WHERE position > ?"
            " GROUP BY stream_id", (self._seen,)).fetchall()
        heads = dict(self._behind)
        for stream_id, head, position in rows:
            heads[stream_id] = head
            self._seen = max(self._seen, position)
        projected = self.views.checkpoints(heads)
        # a negative checkpoint: a damaged stream, reported as such, not as lag
        self._behind = {s: head for s, head in heads.items() if 0 <= projected[s] < head}
        oldest: str | None = None
        for stream_id in self._behind:
            row = self.events.db.conn().execute(
                "SELECT recorded_at FROM events WHERE stream_id = ? AND version = ?",
                (stream_id, projected[stream_id] + 1)).fetchone()
            if row is not None and (oldest is None or row[0] < oldest):
                oldest = row[0]
        return Backlog(None if oldest is None else datetime.fromisoformat(oldest))
