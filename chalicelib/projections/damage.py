"""Streams whose projection failed on an event (a poison event): the record the projector
writes once (``projection-damage`` documents, the stream's checkpoint ``-version``), and
the read side's guard: a view document owned by a damaged stream answers 503
``view_damaged`` naming the stream instead of stale data. Streams not damaged read as
usual; the set of damaged streams is looked up at most every few seconds per process."""
from __future__ import annotations

import threading
import time
from collections.abc import Iterable
from typing import Any

from ..store.ports import ViewDoc, ViewStore

KIND = "projection-damage"
REFRESH_SECONDS = 5.0
LISTED = 200            # damaged streams read per look (health lists as many)


def doc_id(stream_id: str) -> str:
    return f"damage/{stream_id}"


def record(stream_id: str, version: int, event_type: str, projected_to: int, error: str,
           at: str) -> ViewDoc:
    """The damage document of ``stream_id`` (owned by it: a rebuild drops it)."""
    return ViewDoc(doc_id(stream_id), KIND, stream_id, {
        "stream_id": stream_id, "version": version, "event_type": event_type,
        "projected_to": projected_to, "error": error[-2000:], "at": at})


def damaged(views: ViewStore, limit: int = LISTED) -> list[dict[str, Any]]:
    """The damage documents, by stream id."""
    return [v.doc for v in views.list(KIND, limit=limit)]


class StreamViewsDamaged(Exception):
    """A read met a view of a stream whose projection failed (503 ``view_damaged``)."""

    def __init__(self, found: dict[str, Any]):
        super().__init__(f"the views of {found['stream_id']} are damaged at version "
                         f"{found['version']} ({found['event_type']})")
        self.found = found


_lock = threading.Lock()
_generation = [0]       # bumped when this process records or clears a damage


def forget_cached() -> None:
    """Look again at the next read (this process just recorded or cleared a damage)."""
    with _lock:
        _generation[0] += 1


class GuardedViews:
    """The view store as reads see it: every document read is checked against the
    damaged streams (free while there are none, the usual case)."""

    def __init__(self, inner: ViewStore):
        self.inner = inner
        self._looked = (-1, 0.0)                  # (generation, monotonic time)
        self._streams: dict[str, dict[str, Any]] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def known(self) -> dict[str, dict[str, Any]]:
        """The damaged streams (looked up at most every REFRESH_SECONDS)."""
        generation, at = self._looked
        now = time.monotonic()
        if generation != _generation[0] or now - at >= REFRESH_SECONDS:
            self._streams = {d["stream_id"]: d for d in damaged(self.inner)}
            self._looked = (_generation[0], now)
        return self._streams

    def _check(self, docs: Iterable[ViewDoc | None]) -> None:
        known = self.known()
        for doc in docs:
            if doc is not None and doc.owner in known:
                raise StreamViewsDamaged(known[doc.owner])

    def get(self, view_id: str) -> dict[str, Any] | None:
        if not self.known():
            return self.inner.get(view_id)
        found = self.inner.entry(view_id)
        self._check([found])
        return None if found is None else found.doc

    def entry(self, view_id: str) -> ViewDoc | None:
        found = self.inner.entry(view_id)
        self._check([found])
        return found

    def get_many(self, view_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
        ids = list(view_ids)
        if not self.known():
            return self.inner.get_many(ids)
        entries = [self.inner.entry(v) for v in ids]
        self._check(entries)
        return {e.view_id: e.doc for e in entries if e is not None}

    def list(self, kind: str, after: str | None = None, limit: int = 100) -> list[ViewDoc]:
        found = self.inner.list(kind, after, limit)
        if kind != KIND:
            self._check(found)
        return found
