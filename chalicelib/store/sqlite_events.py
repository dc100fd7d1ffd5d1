"""Embedded event store: a durable SQLite file, the default for local and offline use."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import UTC, datetime

from . import codec
from .chaining import Chainer
from .item_size import check_commit, check_event
from .ports import (
    ConcurrencyConflict,
    IdempotencyKeyTaken,
    IdempotencyRecord,
    StoredEvent,
    StreamWrite,
    Tally,
)
from .reply_items import dumps_reply
from .sqlite_base import SqliteDatabase

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    stream_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    meta TEXT NOT NULL,
    event_id TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    chain TEXT,
    UNIQUE (stream_id, version)
);
CREATE TABLE IF NOT EXISTS tallies (
    name TEXT NOT NULL,
    member INTEGER NOT NULL,
    PRIMARY KEY (name, member)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS idempotency (
    key TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    headers TEXT
);
"""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


COLUMNS = "stream_id, version, type, data, meta, event_id, recorded_at, chain"


class SqliteEventStore:
    def __init__(self, path: str, synchronous: str = "FULL"):
        self.db = SqliteDatabase(path, SCHEMA, synchronous)
        self.chainer = Chainer()
        columns = {row[1] for row in self.db.conn().execute("PRAGMA table_info(idempotency)")}
        if "headers" not in columns:   # a data dir from before replies kept their headers
            self.db.conn().execute("ALTER TABLE idempotency ADD COLUMN headers TEXT")
        columns = {row[1] for row in self.db.conn().execute("PRAGMA table_info(events)")}
        if "chain" not in columns:     # a data dir from before links were recorded
            self.db.conn().execute("ALTER TABLE events ADD COLUMN chain TEXT")

    def _head(self, conn, write: StreamWrite) -> str | None:
        """The link of the stream's event at ``expected_version``: recorded, or derived
        now (with every earlier link missing) and recorded in this transaction."""
        if write.expected_version == 0:
            return None
        row = conn.execute("SELECT chain FROM events WHERE stream_id = ? AND version = ?",
                           (write.stream_id, write.expected_version)).fetchone()
        if row[0] is not None:
            return row[0]
        rows = conn.execute(f"SELECT {COLUMNS} FROM events WHERE stream_id = ?"
                            " ORDER BY version", (write.stream_id,)).fetchall()
        derived = self.chainer.derive([self._row(r) for r in rows])
        conn.executemany("UPDATE events SET chain = ? WHERE stream_id = ? AND version = ?"
                         " AND chain IS NULL",
                         [(e.chain, e.stream_id, e.version) for e in derived])
        return next(e.chain for e in derived if e.version == write.expected_version)

    def _version(self, conn, stream_id: str) -> int:
        row = conn.execute("SELECT MAX(version) FROM events WHERE stream_id = ?",
                           (stream_id,)).fetchone()
        return row[0] or 0

    def version(self, stream_id: str) -> int:
        return self._version(self.db.conn(), stream_id)

    def append_batch(self, writes: Iterable[StreamWrite],
                     idempotency: IdempotencyRecord | None = None,
                     tallies: Iterable[Tally] = ()) -> list[StoredEvent]:
        writes = list(writes)
        stored: list[StoredEvent] = []
        with self.db.write() as conn:
            # stamped under the write lock: recording times follow the commit order (the
            # change feeds order their entries by them: projections/feed_entries.py)
            recorded_at = _now()
            if idempotency is not None:
                taken = conn.execute("SELECT 1 FROM idempotency WHERE key = ?",
                                     (idempotency.key,)).fetchone()
                if taken:
                    raise IdempotencyKeyTaken(idempotency.key)
            size = 0            # what DynamoDB's transaction would hold (rolled back)
            for write in writes:
                if self._version(conn, write.stream_id) != write.expected_version:
                    raise ConcurrencyConflict(write.stream_id, write.expected_version)
                if not write.events:
                    continue
                for record in self.chainer.stamp(write, self._head(conn, write), recorded_at):
                    data = codec.dumps(record.data)
                    size += check_event(record, data)   # what DynamoDB refuses (rolled back)
                    check_commit(size, len(stored) + 1)
                    conn.execute(
                        f"INSERT INTO events ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (record.stream_id, record.version, record.type,
                         data, codec.dumps(record.meta),
                         record.event_id, recorded_at, record.chain))
                    stored.append(record)
            conn.executemany("INSERT OR IGNORE INTO tallies (name, member) VALUES (?, ?)",
                             [(t.name, t.member) for t in tallies])
            if idempotency is not None:
                conn.execute(
                    "INSERT INTO idempotency (key, fingerprint, status, body, created_at,"
                    " headers) VALUES (?, ?, ?, ?, ?, ?)",
                    (idempotency.key, idempotency.fingerprint, idempotency.status,
                     dumps_reply(idempotency.body), recorded_at,
                     codec.dumps(idempotency.headers)))
        return stored

    @staticmethod
    def _row(row) -> StoredEvent:
        stream_id, version, type_, data, meta, event_id, recorded_at, chain = row
        return StoredEvent(stream_id, version, type_, codec.loads(data), codec.loads(meta),
                           event_id, recorded_at, chain)

    def read(self, stream_id: str, after: int = 0,
             limit: int | None = None) -> list[StoredEvent]:
        rows = self.db.conn().execute(
            f"SELECT {COLUMNS} FROM events"
            " WHERE stream_id = ? AND version > ? ORDER BY version LIMIT ?",
            (stream_id, after, -1 if limit is None else limit))
        return [self._row(row) for row in rows]

    def read_many(self, after: dict[str, int]) -> dict[str, list[StoredEvent]]:
        return {stream_id: self.read(stream_id, version) for stream_id, version in after.items()}

    def tally(self, name: str) -> int:
        return self.db.conn().execute("SELECT COUNT(*) FROM tallies WHERE name = ?",
                                      (name,)).fetchone()[0]

    def idempotency(self, key: str) -> IdempotencyRecord | None:
        row = self.db.conn().execute(
            "SELECT key, fingerprint, status, body, headers FROM idempotency WHERE key = ?",
            (key,)).fetchone()
        if row is None:
            return None
        headers = codec.loads(row[4]) if row[4] else {}
        return IdempotencyRecord(row[0], row[1], row[2], codec.loads(row[3]), headers)

    def all_events(self) -> Iterator[StoredEvent]:
        position = 0
        while True:
            rows = self.db.conn().execute(
                f"SELECT position, {COLUMNS}"
                " FROM events WHERE position > ? ORDER BY position LIMIT 1000",
                (position,)).fetchall()
            if not rows:
                return
            for row in rows:
                position = row[0]
                yield self._row(row[1:])
