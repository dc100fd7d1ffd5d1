"""The tables of the local moto endpoint, kept in ``<data dir>/dynamodb/``: a snapshot
(``tables.pickle``: moto's table objects, items and streams, as pickled by one moto
version) and the journal of the writes acknowledged since (``journal-<generation>.jsonl``,
``journal.py``). A start loads the snapshot and replays its journal; a snapshot is taken
at a clean stop and every ``SNAPSHOT_EVERY`` writes (replaying a write costs a few
milliseconds: a start never replays more than that many). A snapshot is renamed into
place before its generation's journal starts, so a crash at any point leaves a snapshot
and the journal of exactly the writes after it. One endpoint at a time holds the
directory (``endpoint.lock``)."""
from __future__ import annotations

import fcntl
import glob
import os
import pickle
from importlib.metadata import version
from typing import Any

from .journal import Journal, JournalingApp

DIRECTORY, SNAPSHOT, LOCK = "dynamodb", "tables.pickle", "endpoint.lock"
SNAPSHOT_EVERY = 2000


class DataDirBusy(RuntimeError):
    """Another process (an endpoint left running?) holds this data dir's tables."""


def _tables() -> dict[tuple[str, str], dict[str, Any]]:
    from moto.dynamodb.models import dynamodb_backends
    return {(account, region): backend.tables
            for account, regions in dynamodb_backends.items()
            for region, backend in regions.items() if backend.tables}


def _fsync_dir(path: str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class DurableTables:
    def __init__(self, data_dir: str, snapshot_every: int = SNAPSHOT_EVERY):
        self.folder = os.path.join(data_dir, DIRECTORY)
        os.makedirs(self.folder, mode=0o700, exist_ok=True)
        os.chmod(self.folder, 0o700)
        self.snapshot_every = snapshot_every
        self._lock = os.fdopen(os.open(os.path.join(self.folder, LOCK),
                                       os.O_RDWR | os.O_CREAT, 0o600), "r+")
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = self._lock.read().strip() or "unknown"
            self._lock.close()
            raise DataDirBusy(f"{self.folder} is held by another DynamoDB endpoint (pid "
                              f"{holder}): one left from an earlier run? stop it first "
                              f"(kill {holder}); it is not adopted") from None
        self._lock.seek(0)
        self._lock.truncate()
        self._lock.write(f"{os.getpid()}\n")
        self._lock.flush()
        self.snapshot_path = os.path.join(self.folder, SNAPSHOT)
        saved = self._load()
        self.generation = saved.get("generation", 0)
        self._saved_tables = saved.get("tables", {})
        self.journal = Journal(self._journal_path(self.generation))
        self.pending = 0                           # writes in the journal

    def _journal_path(self, generation: int) -> str:
        return os.path.join(self.folder, f"journal-{generation}.jsonl")

    def _load(self) -> dict[str, Any]:
        try:
            with open(self.snapshot_path, "rb") as handle:
                saved = pickle.load(handle)   # noqa: S301 - our own file, owner-only
        except FileNotFoundError:
            return {}
        if saved.get("moto") != version("moto"):
            print(f"moto: {self.snapshot_path} was written by moto {saved.get('moto')}, this "
                  f"is moto {version('moto')}: loading it anyway", flush=True)
        return saved

    def restore(self, app: JournalingApp) -> tuple[int, int]:
        """Into this process's moto: the snapshot, then its journal. Returns (writes
        replayed, writes moto refused on replay)."""
        from moto.dynamodb.models import dynamodb_backends
        for (account, region), tables in self._saved_tables.items():
            dynamodb_backends[account][region].tables = tables
        self._saved_tables = {}
        for stale in glob.glob(os.path.join(self.folder, "journal-*.jsonl")):
            if stale != self.journal.path:       # a crash between snapshot and clean-up
                os.unlink(stale)
        entries = self.journal.entries()
        self.pending = len(entries)
        return len(entries), app.replay(entries)

    def record(self, entry: dict[str, Any]) -> None:
        """One acknowledged write (called under the app's write lock)."""
        self.journal.append(entry)
        self.pending += 1
        if self.pending >= self.snapshot_every:
            self.snapshot()

    def snapshot(self) -> None:
        """Every table as it is now, then an empty journal (under the app's write lock)."""
        generation = self.generation + 1
        tmp = f"{self.snapshot_path}.tmp"
        with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
                       "wb") as handle:
            pickle.dump({"generation": generation, "moto": version("moto"),
                         "tables": _tables()}, handle, protocol=pickle.HIGHEST_PROTOCOL)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, self.snapshot_path)
        _fsync_dir(self.folder)
        old = self.journal
        self.journal, self.generation, self.pending = (
            Journal(self._journal_path(generation)), generation, 0)
        old.close()
        os.unlink(old.path)

    def close(self, snapshot: bool = True) -> None:
        if snapshot and self.pending:
            self.snapshot()
        self.journal.close()
        self._lock.close()
