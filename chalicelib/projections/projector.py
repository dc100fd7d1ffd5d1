"""Applies events to views exactly once per (stream, version), whatever the delivery:
duplicates and re-deliveries are skipped by the per-stream checkpoint, gaps and
out-of-order batches are filled from the event store, and a rebuild from zero runs the
same code as the incremental path."""
from __future__ import annotations

import logging
from collections.abc import Iterable
from itertools import groupby

from ..domain import streams
from ..store.ports import EventStore, StoredEvent, ViewOwnershipError, ViewStore
from .registry import Handler, Projection, ViewTx

log = logging.getLogger(__name__)
FLUSH_AT = 90          # view writes per commit (DynamoDB transactions hold 100 items)
MAX_RACES = 200       # each lost race means another worker moved the checkpoint on


class Projector:
    def __init__(self, events: EventStore, views: ViewStore, projections: Iterable[Projection],
                 strict: bool = False):
        self.events = events
        self.views = views
        self.strict = strict   # tests: a view-ownership violation fails the request
        self.projections = list(projections)
        self._by_kind: dict[str, dict[str, list[Handler]]] = {}

    def handlers_for(self, stream_id: str) -> dict[str, list[Handler]]:
        """Event name -> the handlers of the projections that project this kind of stream
        (``"*"``: those of every event)."""
        kind = streams.kind_of(stream_id)
        found = self._by_kind.get(kind)
        if found is None:
            found = {}
            for projection in self.projections:
                if projection.projects(kind):
                    for name, handlers in projection.handlers.items():
                        found.setdefault(name, []).extend(handlers)
            self._by_kind[kind] = found
        return found

    def apply(self, delivered: Iterable[StoredEvent]) -> None:
        """Project delivered events (any order, duplicates allowed)."""
        ordered = sorted(delivered, key=lambda e: (e.stream_id, e.version))
        for stream_id, events in groupby(ordered, key=lambda e: e.stream_id):
            self.catch_up(stream_id, list(events))

    def catch_up(self, stream_id: str, delivered: list[StoredEvent] | None = None) -> int:
        """Bring the stream's views up to date; returns the new checkpoint."""
        for _ in range(MAX_RACES):
            checkpoint = self.views.checkpoint(stream_id)
            pending = self._pending(stream_id, checkpoint, delivered)
            if not pending:
                return checkpoint
            if self._project(stream_id, checkpoint, pending):
                return pending[-1].version
            # another worker moved the checkpoint: look again
        raise RuntimeError(f"projection of {stream_id} kept racing")

    def _pending(self, stream_id: str, checkpoint: int,
                 delivered: list[StoredEvent] | None) -> list[StoredEvent]:
        if delivered is not None:
            fresh = {e.version: e for e in delivered if e.version > checkpoint}
            versions = sorted(fresh)
            if not versions:
                return []
            if versions == list(range(checkpoint + 1, checkpoint + 1 + len(versions))):
                return [fresh[v] for v in versions]
        # gap (out-of-order or lost record) or nothing delivered: read the stream itself
        return self.events.read(stream_id, after=checkpoint)

    def _project(self, stream_id: str, checkpoint: int, events: list[StoredEvent]) -> bool:
        tx = ViewTx(self.views)
        base = checkpoint
        handlers = self.handlers_for(stream_id)
        every = handlers.get("*", ())
        for event in events:
            for handler in handlers.get(event.event.type, ()):
                handler(event, tx)
            for handler in every:
                handler(event, tx)
            if tx.size() >= FLUSH_AT:
                if not self.views.commit(stream_id, base, event.version, tx.puts, tx.deletes,
                                         frozenset(tx.shared), tx.blind()):
                    return False
                base, tx = event.version, ViewTx(self.views)
        return self.views.commit(stream_id, base, events[-1].version, tx.puts, tx.deletes,
                                 frozenset(tx.shared), tx.blind())

    def rebuild(self) -> int:
        """Drop every view and project all events again; returns the events applied."""
        self.views.clear()
        by_stream: dict[str, list[StoredEvent]] = {}
        count = 0
        for event in self.events.all_events():
            by_stream.setdefault(event.stream_id, []).append(event)
            count += 1
        for stream_id, events in by_stream.items():
            self.catch_up(stream_id, events)
        from . import SCHEMA_VERSION
        self.views.mark_schema(SCHEMA_VERSION)
        return count

    def after_commit(self, stored: list[StoredEvent]) -> None:
        """In-process projection after each append (local mode). The events are already
        durable, so a failing handler must not fail the request: the stream's views stay
        behind until its next append or a rebuild, and the failure is logged."""
        try:
            self.apply(stored)
        except ViewOwnershipError:
            log.exception("a projection wrote another stream's view document")
            if self.strict:
                raise
        except Exception:  # noqa: BLE001 - logged, views catch up later
            log.exception("projection failed; views will catch up on the next append")
