"""Embedded view store (read models) with a checkpoint per source stream."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import codec
from .ports import ViewDoc, ViewOwnershipError
from .sqlite_base import SqliteDatabase

SCHEMA = """
CREATE TABLE IF NOT EXISTS views (
    view_id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    sort TEXT NOT NULL,
    doc TEXT NOT NULL,
    owner TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS views_by_kind ON views (kind, sort, view_id);
CREATE TABLE IF NOT EXISTS checkpoints (
    stream_id TEXT PRIMARY KEY,
    version INTEGER NOT NULL
);
"""


class SqliteViewStore:
    def __init__(self, path: str, synchronous: str = "NORMAL"):
        # Views can always be rebuilt from the events, so they need not fsync each commit.
        self.db = SqliteDatabase(path, SCHEMA, synchronous)
        columns = {row[1] for row in self.db.conn().execute("PRAGMA table_info(views)")}
        if "owner" not in columns:   # a data dir from before ownership was recorded
            self.db.conn().execute("ALTER TABLE views ADD COLUMN owner TEXT NOT NULL DEFAULT ''")

    def get(self, view_id: str) -> dict[str, Any] | None:
        row = self.db.conn().execute("SELECT doc FROM views WHERE view_id = ?",
                                     (view_id,)).fetchone()
        return None if row is None else codec.loads(row[0])

    def entry(self, view_id: str) -> ViewDoc | None:
        row = self.db.conn().execute("SELECT view_id, kind, sort, doc FROM views WHERE view_id = ?",
                                     (view_id,)).fetchone()
        return None if row is None else ViewDoc(row[0], row[1], row[2], codec.loads(row[3]))

    def get_many(self, view_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
        ids = list(dict.fromkeys(view_ids))
        found: dict[str, dict[str, Any]] = {}
        conn = self.db.conn()
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            rows = conn.execute(f"SELECT view_id, doc FROM views WHERE view_id IN "
                                f"({','.join('?' * len(chunk))})", chunk).fetchall()
            found.update((view_id, codec.loads(doc)) for view_id, doc in rows)
        return found

    def list(self, kind: str, after: str | None = None, limit: int = 100) -> list[ViewDoc]:
        rows = self.db.conn().execute(
            "SELECT view_id, kind, sort, doc FROM views WHERE kind = ? AND sort > ?"
            " ORDER BY sort, view_id LIMIT ?", (kind, after or "", limit)).fetchall()
        return [ViewDoc(r[0], r[1], r[2], codec.loads(r[3])) for r in rows]

    def checkpoint(self, stream_id: str) -> int:
        row = self.db.conn().execute("SELECT version FROM checkpoints WHERE stream_id = ?",
                                     (stream_id,)).fetchone()
        return 0 if row is None else row[0]

    def checkpoints(self, stream_ids: Iterable[str]) -> dict[str, int]:
        ids = sorted(set(stream_ids))
        found: dict[str, int] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            marks = ",".join("?" * len(chunk))
            found.update(self.db.conn().execute(
                f"SELECT stream_id, version FROM checkpoints WHERE stream_id IN ({marks})",
                chunk).fetchall())
        return {stream_id: found.get(stream_id, 0) for stream_id in ids}

    def checkpoint_count(self) -> int:
        return self.db.conn().execute("SELECT COUNT(*) FROM checkpoints").fetchone()[0]

    def commit(self, stream_id: str, expected_checkpoint: int, new_checkpoint: int,
               puts: dict[str, ViewDoc], deletes: set[str],
               shared: frozenset[str] = frozenset(),
               blind: frozenset[str] = frozenset()) -> bool:
        with self.db.write() as conn:
            row = conn.execute("SELECT version FROM checkpoints WHERE stream_id = ?",
                               (stream_id,)).fetchone()
            if (0 if row is None else row[0]) != expected_checkpoint:
                return False
            touched = [v for v in [*puts, *deletes] if v not in shared]
            for start in range(0, len(touched), 500):
                chunk = touched[start:start + 500]
                marks = ",".join("?" * len(chunk))
                foreign = conn.execute(
                    f"SELECT view_id, owner FROM views WHERE view_id IN ({marks})"
                    " AND owner NOT IN ('', ?)", (*chunk, stream_id)).fetchall()
                if foreign:
                    raise ViewOwnershipError(f"{stream_id} may not write {foreign[0][0]}, "
                                             f"owned by {foreign[0][1]}")
            for view in puts.values():
                conn.execute(
                    "INSERT INTO views (view_id, kind, sort, doc, owner) VALUES (?, ?, ?, ?, ?)"
                    " ON CONFLICT (view_id) DO UPDATE SET kind = excluded.kind,"
                    " sort = excluded.sort, doc = excluded.doc, owner = excluded.owner",
                    (view.view_id, view.kind, view.sort, codec.dumps(view.doc),
                     "" if view.view_id in shared else stream_id))
            for view_id in deletes:
                conn.execute("DELETE FROM views WHERE view_id = ?", (view_id,))
            conn.execute(
                "INSERT INTO checkpoints (stream_id, version) VALUES (?, ?)"
                " ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version",
                (stream_id, new_checkpoint))
        return True

    def clear(self) -> None:
        with self.db.write() as conn:
            conn.execute("DELETE FROM views")
            conn.execute("DELETE FROM checkpoints")

    def dump(self) -> dict[str, dict[str, Any]]:
        rows = self.db.conn().execute("SELECT view_id, doc FROM views").fetchall()
        return {view_id: codec.loads(doc) for view_id, doc in rows}
