"""In-memory view store with a checkpoint per source stream: the same port as the SQLite
and DynamoDB adapters, for tests and throwaway runs (``PODIUM_STORE=memory``). Documents
are kept JSON-encoded, so readers get copies and a projection cannot mutate a view it
did not commit."""
from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any, NamedTuple

from . import codec
from .ports import BOOKKEEPING_KIND, ViewDoc, ViewOwnershipError


class _Row(NamedTuple):
    kind: str
    sort: str
    doc: str
    owner: str

    def view(self, view_id: str) -> ViewDoc:
        return ViewDoc(view_id, self.kind, self.sort, codec.loads(self.doc), self.owner)


class MemoryViewStore:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._views: dict[str, _Row] = {}
        self._checkpoints: dict[str, int] = {}
        self._schema: int | None = None
        self._slots: dict[str, MemorySlot] = {}
        self._generations: dict[str, MemoryViewStore] = {}

    def get(self, view_id: str) -> dict[str, Any] | None:
        row = self._views.get(view_id)
        return None if row is None else codec.loads(row.doc)

    def get_many(self, view_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
        rows = {view_id: self._views.get(view_id) for view_id in view_ids}
        return {view_id: codec.loads(row.doc) for view_id, row in rows.items() if row}

    def entry(self, view_id: str) -> ViewDoc | None:
        row = self._views.get(view_id)
        return None if row is None else row.view(view_id)

    def list(self, kind: str, after: str | None = None, limit: int = 100) -> list[ViewDoc]:
        with self._lock:
            found = sorted((row.sort, view_id) for view_id, row in self._views.items()
                           if row.kind == kind and row.sort > (after or ""))
            return [self._views[view_id].view(view_id) for _, view_id in found[:limit]]

    def checkpoint(self, stream_id: str) -> int:
        return self._checkpoints.get(stream_id, 0)

    def checkpoints(self, stream_ids: Iterable[str]) -> dict[str, int]:
        return {stream_id: self._checkpoints.get(stream_id, 0) for stream_id in stream_ids}

    def commit(self, stream_id: str, expected_checkpoint: int, new_checkpoint: int,
               puts: dict[str, ViewDoc], deletes: set[str],
               shared: frozenset[str] = frozenset(),
               blind: frozenset[str] = frozenset()) -> bool:
        with self._lock:
            if self._checkpoints.get(stream_id, 0) != expected_checkpoint:
                return False
            for view_id in [*puts, *deletes]:
                row = self._views.get(view_id)
                if view_id not in shared and row and row.owner not in ("", stream_id):
                    raise ViewOwnershipError(f"{stream_id} may not write {view_id}, "
                                             f"owned by {row.owner}")
            for view in puts.values():
                owner = "" if view.view_id in shared else stream_id
                self._views[view.view_id] = _Row(view.kind, view.sort, codec.dumps(view.doc),
                                                 owner)
            for view_id in deletes:
                self._views.pop(view_id, None)
            self._checkpoints[stream_id] = new_checkpoint
        return True

    def clear(self) -> None:
        with self._lock:
            self._views.clear()
            self._checkpoints.clear()
            self._schema = None

    def condition(self, schema_version: int, deep: bool = True) -> str | None:
        if self._schema is None:
            return "unversioned (no schema version recorded)"
        if self._schema != schema_version:
            return (f"incompatible (built by schema {self._schema}, this version reads "
                    f"{schema_version})")
        return None

    def mark_schema(self, schema_version: int) -> None:
        self._schema = schema_version

    def dump(self) -> dict[str, dict[str, Any]]:
        with self._lock:
            return {view_id: codec.loads(row.doc) for view_id, row in self._views.items()
                    if row.kind != BOOKKEEPING_KIND}

    # -- generations (the rebuild job builds the next one beside the current one) ---
    def slot(self, name: str) -> MemorySlot:
        return self._slots.setdefault(name, MemorySlot())

    def next_generation(self, name: str) -> MemoryViewStore:
        built = self._generations[name] = MemoryViewStore()
        built._slots = self._slots
        return built

    def resume_generation(self, name: str) -> MemoryViewStore:
        return self._generations.get(name) or self.next_generation(name)

    def switch_to(self, built: MemoryViewStore) -> None:
        with self._lock:
            self._views, self._checkpoints = built._views, built._checkpoints
            self._schema = built._schema
        self._generations = {k: v for k, v in self._generations.items() if v is not built}


class MemorySlot:
    """A small JSON document kept beside the views (e.g. the rebuild job's status)."""

    def __init__(self) -> None:
        self._doc: str | None = None

    def read(self) -> dict[str, Any] | None:
        return None if self._doc is None else codec.loads(self._doc)

    def write(self, doc: dict[str, Any]) -> None:
        self._doc = codec.dumps(doc)
