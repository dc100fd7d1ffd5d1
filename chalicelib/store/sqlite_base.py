"""One SQLite connection per thread, WAL journal, immediate write transactions. Writers
queue on a lock per database file before taking SQLite's write lock: SQLite makes a
blocked writer sleep and poll (1, 2, 5 ... 100 ms), which under dozens of concurrent
commands turns a few milliseconds of waiting into a second; a lock wakes the next writer
the moment the last one commits. Threads of one process queue on a mutex, processes (the
local server's workers) on an advisory lock of the file ``<database>.writer``."""
from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from .ports import StoreUnavailable

_WRITERS: dict[str, threading.Lock] = {}
RECHECK_SECONDS = 0.25     # how stale a reader's view of a replaced views file may be
_WRITERS_LOCK = threading.Lock()


def _writer_lock(path: str) -> threading.Lock:
    key = path if path == ":memory:" else os.path.realpath(path)
    with _WRITERS_LOCK:
        return _WRITERS.setdefault(key, threading.Lock())



def owner_only(path: str) -> None:
    """Create the database file (and its directory) readable by the owner only; SQLite
    gives its -wal and -shm files the database file's mode. Files made before this are
    narrowed too."""
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, mode=0o700, exist_ok=True)
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    for name in (path, path + "-wal", path + "-shm"):
        if os.path.exists(name) and os.stat(name).st_mode & 0o077:
            os.chmod(name, 0o600)

class SqliteDatabase:
    def __init__(self, path: str, schema: str, synchronous: str = "FULL",
                 prepare: bool = True, replaceable: bool = False):
        """``prepare``: create the schema now (False: a file known to be damaged, left
        untouched until ``replace``). ``replaceable``: the file may be replaced while open
        (the views, healed by ``replace``): connections look again now and then (and
        always inside a write transaction) and reopen when it was."""
        self.path = path
        self._replaceable = replaceable
        self._schema = schema
        self._synchronous = synchronous
        self._local = threading.local()
        self._writer = _writer_lock(path) if path != ":memory:" else threading.Lock()
        self._file_lock = None if path == ":memory:" else path + ".writer"
        self._file_fd: int | None = None
        self._file_pid: int | None = None
        self._replaced = 0     # files this object swapped in: its other threads reopen at once
        if prepare:
            if path != ":memory:":
                owner_only(path)
            self.conn().executescript(schema)   # executescript manages its own transaction

    def conn(self, recheck: bool = False) -> sqlite3.Connection:
        """This thread's connection; for a replaceable file, opened again when the file
        was replaced (by another thread or process: ``replace``) since it was opened, as
        seen at most ``RECHECK_SECONDS`` ago (``recheck``: now), and at once when this
        object replaced it (another thread of this process: a read right after a rebuild
        sees the new generation)."""
        conn = getattr(self._local, "conn", None)
        if conn is not None and self._replaceable:
            now = time.monotonic()
            if recheck or now - self._local.checked >= RECHECK_SECONDS \
                    or self._local.replaced != self._replaced:
                self._local.replaced = self._replaced
                self._local.checked = now
                file_id = self._file_id()
                if file_id is not None and file_id != self._local.file_id:
                    conn.close()
                    conn = self._local.conn = None   # a failed reopen leaves none
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={self._synchronous}")
            conn.execute("PRAGMA busy_timeout=30000")
            self._local.conn = conn
            self._local.file_id = self._file_id()
            self._local.checked = time.monotonic()
            self._local.replaced = self._replaced
        return conn

    def _file_id(self) -> tuple[int, int] | None:
        if self.path == ":memory:":
            return None
        try:
            stat = os.stat(self.path)
        except FileNotFoundError:    # deleted while open: this connection still reads it
            return None
        return stat.st_dev, stat.st_ino

    def replace(self, aside: str) -> None:
        """Move the database file (with its WAL and shared-memory files) to ``aside`` and
        start an empty one with the schema; every thread and process reopens on its next
        use. For derived data only (the views): whatever the file held is gone."""
        with self._writer, self._across_processes():
            conn = getattr(self._local, "conn", None)
            if conn is not None:
                conn.close()
                self._local.conn = None
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(self.path + suffix):
                    os.replace(self.path + suffix, aside + suffix)
            owner_only(self.path)
            self._replaced += 1
            self.conn().executescript(self._schema)

    def swap_in(self, source: str, aside: str) -> None:
        """Make the database file ``source`` (closed, checkpointed: no WAL) this one, the
        current file moving to ``aside``, in one rename each; every thread and process
        reopens on its next use (a new generation of derived data: the views)."""
        with self._writer, self._across_processes():
            conn = getattr(self._local, "conn", None)
            if conn is not None:
                conn.close()
                self._local.conn = None
            for suffix in ("-wal", "-shm"):
                if os.path.exists(aside + suffix):
                    os.remove(aside + suffix)
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(self.path + suffix):
                    os.replace(self.path + suffix, aside + suffix)
            os.replace(source, self.path)
            owner_only(self.path)
            self._replaced += 1

    def close(self) -> None:
        """Checkpoint the WAL into the file and close this thread's connection."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.execute("PRAGMA journal_mode=DELETE")
            conn.close()
            self._local.conn = None

    @contextmanager
    def _across_processes(self) -> Iterator[None]:
        if self._file_lock is None:
            yield
            return
        if self._file_fd is None or self._file_pid != os.getpid():   # a fork has its own
            self._file_fd = os.open(self._file_lock, os.O_RDWR | os.O_CREAT, 0o600)
            self._file_pid = os.getpid()
        fcntl.flock(self._file_fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(self._file_fd, fcntl.LOCK_UN)

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """A transaction holding the write lock from its start (no upgrade deadlocks)."""
        with self._writer, self._across_processes():
            conn = self.conn(recheck=True)      # a replacement is seen under the lock
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:   # locked beyond busy_timeout
                raise StoreUnavailable(str(exc)) from exc
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
