"""Embedded view store (read models) with a checkpoint per source stream.

The views are derived data: a file that is corrupt, or was built by another version of the
projections, is reported (``condition``) and replaced (``clear``), never repaired in place;
reads of a damaged file raise ``ViewsDamaged`` for the runtime to heal."""
from __future__ import annotations

import fcntl
import functools
import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from . import codec
from .ports import BOOKKEEPING_KIND, ViewDoc, ViewOwnershipError, ViewsDamaged
from .sqlite_base import SqliteDatabase

T = TypeVar("T")

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
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


_DAMAGE = ("SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_IOERR", "SQLITE_CANTOPEN")


def _damage(exc: sqlite3.DatabaseError) -> str | None:
    """Why ``exc`` means the file cannot serve views (None: a passing condition, such as
    a lock, that a retry outlives)."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    message = str(exc)
    if not (name.startswith(_DAMAGE) or message.startswith(("no such table", "no such column"))
            or type(exc) is sqlite3.DatabaseError):
        return None
    return f"{name or type(exc).__name__}: {message}"


def _guarded(method: Callable[..., T]) -> Callable[..., T]:
    @functools.wraps(method)
    def guarded(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except sqlite3.DatabaseError as exc:
            reason = _damage(exc)
            if reason is None:
                raise
            raise ViewsDamaged(reason) from exc
    return guarded


class SqliteViewStore:
    def __init__(self, path: str, synchronous: str = "NORMAL"):
        # Views can always be rebuilt from the events, so they need not fsync each commit.
        self.path = path
        self.opening_damage: str | None = None
        try:
            self.db = SqliteDatabase(path, SCHEMA, synchronous, replaceable=True)
            columns = {row[1] for row in self.db.conn().execute("PRAGMA table_info(views)")}
            if "owner" not in columns:   # a data dir from before ownership was recorded
                self.db.conn().execute(
                    "ALTER TABLE views ADD COLUMN owner TEXT NOT NULL DEFAULT ''")
        except sqlite3.DatabaseError as exc:
            reason = _damage(exc)
            if reason is None:
                raise
            self.opening_damage = reason      # the runtime replaces the file (clear)
            self.db = SqliteDatabase(path, SCHEMA, synchronous, prepare=False,
                                     replaceable=True)

    def condition(self, schema_version: int, deep: bool = True) -> str | None:
        """Why this file cannot serve views built by projections of ``schema_version``
        (None when it can): corrupt (``deep``: SQLite's quick_check over every page), built
        by other projections, or never marked (made before versions were recorded)."""
        if self.opening_damage:
            return f"corrupt ({self.opening_damage})"
        try:
            if deep:
                verdict = self.db.conn().execute("PRAGMA quick_check(1)").fetchone()[0]
                if verdict != "ok":
                    return f"corrupt (quick_check: {verdict})"
            row = self.db.conn().execute(
                "SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        except sqlite3.DatabaseError as exc:
            reason = _damage(exc)
            if reason is None:
                raise
            return f"corrupt ({reason})"
        if row is None:
            return "unversioned (no schema version recorded)"
        if int(row[0]) != schema_version:
            return f"incompatible (built by schema {row[0]}, this version reads {schema_version})"
        return None

    @contextmanager
    def rebuild_lock(self) -> Iterator[None]:
        """Held while the views are rebuilt, so the processes sharing the file rebuild it
        once (the others find it healthy when they get the lock)."""
        fd = os.open(self.path + ".rebuild", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    @_guarded
    def mark_schema(self, schema_version: int) -> None:
        with self.db.write() as conn:
            conn.execute("INSERT INTO meta (key, value) VALUES ('schema_version', ?) ON CONFLICT"
                         " (key) DO UPDATE SET value = excluded.value", (str(schema_version),))

    @_guarded
    def get(self, view_id: str) -> dict[str, Any] | None:
        row = self.db.conn().execute("SELECT doc FROM views WHERE view_id = ?",
                                     (view_id,)).fetchone()
        return None if row is None else codec.loads(row[0])

    @_guarded
    def entry(self, view_id: str) -> ViewDoc | None:
        row = self.db.conn().execute(
            "SELECT view_id, kind, sort, doc, owner FROM views WHERE view_id = ?",
            (view_id,)).fetchone()
        return None if row is None else ViewDoc(row[0], row[1], row[2], codec.loads(row[3]),
                                                row[4])

    @_guarded
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

    @_guarded
    def list(self, kind: str, after: str | None = None, limit: int = 100) -> list[ViewDoc]:
        rows = self.db.conn().execute(
            "SELECT view_id, kind, sort, doc, owner FROM views WHERE kind = ? AND sort > ?"
            " ORDER BY sort, view_id LIMIT ?", (kind, after or "", limit)).fetchall()
        return [ViewDoc(r[0], r[1], r[2], codec.loads(r[3]), r[4]) for r in rows]

    @_guarded
    def checkpoint(self, stream_id: str) -> int:
        row = self.db.conn().execute("SELECT version FROM checkpoints WHERE stream_id = ?",
                                     (stream_id,)).fetchone()
        return 0 if row is None else row[0]

    @_guarded
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

    @_guarded
    def checkpoint_count(self) -> int:
        return self.db.conn().execute("SELECT COUNT(*) FROM checkpoints").fetchone()[0]

    @_guarded
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

    def slot(self, name: str) -> FileSlot:
        """A small JSON document beside the views of every generation (``views.db.<name>
        .json``), e.g. the rebuild job's status."""
        return FileSlot(f"{self.path}.{name}.json")

    def next_generation(self, name: str) -> SqliteViewStore:
        """An empty store beside this one (``views.db.<name>``) to build a new generation
        of the views in; :meth:`switch_to` makes it current."""
        path = f"{self.path}.{name}"
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
        return SqliteViewStore(path)

    def resume_generation(self, name: str) -> SqliteViewStore:
        """The generation ``name`` being built (its checkpoints say how far it got)."""
        return SqliteViewStore(f"{self.path}.{name}")

    def close(self) -> None:
        """Checkpoint and close this thread's connection (a generation left unfinished)."""
        self.db.close()

    def switch_to(self, built: SqliteViewStore) -> None:
        """Make the built generation current in one rename (the previous file is kept as
        ``views.db.previous`` until the next switch)."""
        built.db.close()
        self.db.swap_in(built.path, self.path + ".previous")
        self.opening_damage = None

    def clear(self) -> None:
        """No views and no checkpoints; a damaged file is moved aside (``views.db.damaged``,
        the previous one overwritten) and a new one started."""
        try:
            if self.opening_damage is None:
                with self.db.write() as conn:
                    conn.execute("DELETE FROM views")
                    conn.execute("DELETE FROM checkpoints")
                    conn.execute("DELETE FROM meta")
                return
        except sqlite3.DatabaseError as exc:
            if _damage(exc) is None:
                raise
        self.db.replace(self.path + ".damaged")
        self.opening_damage = None

    @_guarded
    def dump(self) -> dict[str, dict[str, Any]]:
        rows = self.db.conn().execute(
            "SELECT view_id, doc FROM views WHERE kind != ?", (BOOKKEEPING_KIND,)).fetchall()
        return {view_id: codec.loads(doc) for view_id, doc in rows}


class FileSlot:
    """A JSON document in a file, replaced atomically (owner-only)."""

    def __init__(self, path: str):
        self.path = path

    def read(self) -> dict[str, Any] | None:
        try:
            with open(self.path, encoding="utf-8") as handle:
                return json.load(handle)
        except FileNotFoundError:
            return None
        except ValueError:          # a torn or foreign file: as if none
            return None

    def write(self, doc: dict[str, Any]) -> None:
        partial = f"{self.path}.{os.getpid()}.partial"
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(doc, handle, sort_keys=True)
        os.replace(partial, self.path)
