"""Applies events to views exactly once per (stream, version), whatever the delivery:
duplicates and re-deliveries are skipped by the per-stream checkpoint, gaps and
out-of-order batches are filled from the event store, and a rebuild from zero runs the
same code as the incremental path.

After a stream's views commit, the reactions registered for its events run
(``chalicelib/reactions/``): durable ones (closing a round) from their own checkpoint
(``reacted@<stream>``), so a failure is retried and a success is never repeated; the
others (waking the webhook worker, metrics) once, right after the commit.

A handler that fails on an event (a poison event) damages only its stream: the failure
is recorded once (checkpoint ``-version`` and a ``projection-damage`` document), the
stream is not projected again until ``retry`` (or a rebuild), other streams go on, and
reads of its views answer 503 ``view_damaged`` (``projections/damage.py``)."""
from __future__ import annotations

import logging
import traceback
from collections.abc import Iterable
from datetime import UTC, datetime
from itertools import groupby
from typing import Protocol

from ..domain import streams
from ..store.ports import (
    BOOKKEEPING_KIND,
    EventStore,
    StoredEvent,
    StoreUnavailable,
    ViewDoc,
    ViewOwnershipError,
    ViewsDamaged,
    ViewStore,
)
from . import damage
from .catalog import Catalog
from .folds import StreamStates
from .registry import Handler, Projection, ViewTx

log = logging.getLogger(__name__)
FLUSH_AT = 90          # view writes per commit (DynamoDB transactions hold 100 items)
MAX_RACES = 200       # each lost race means another worker moved the checkpoint on
REACTED = "reacted@"  # the checkpoint of a stream's durable reactions


def reactions_doc_id(stream_id: str) -> str:
    """What the durable reactions to ``stream_id`` wrote (positions a read waits for)."""
    return f"reactions/{stream_id}"


def transient(exc: BaseException) -> bool:
    """A failure of the moment (the store throttled, unreachable, locked, the process out
    of memory) rather than of the event: projecting again later may succeed."""
    if isinstance(exc, (StoreUnavailable, ViewsDamaged, OSError, MemoryError, TimeoutError)):
        return True
    return type(exc).__module__.split(".")[0] in ("botocore", "sqlite3", "urllib3")


class Reactor(Protocol):
    """The reactions registry as the projector sees it (``reactions/runner.py``)."""

    def durable(self, stream_id: str) -> bool:
        """Whether the events of this stream have durable reactions."""

    def react(self, stream_id: str, events: list[StoredEvent]) -> dict[str, int]:
        """Run the durable reactions to ``events``; the positions their commits wrote."""

    def notify(self, stream_id: str, events: list[StoredEvent], signals: set[str]) -> None:
        """Run the other reactions, once, after the events' views committed."""


class Projector:
    def __init__(self, events: EventStore, views: ViewStore,
                 projections: Catalog | Iterable[Projection], strict: bool = False,
                 reactor: Reactor | None = None):
        self.events = events
        self.views = views
        self.strict = strict   # tests: a view-ownership violation fails the request
        self.reactor = reactor
        # a Catalog loads each projection when an event it handles first arrives
        self.projections: Catalog | list[Projection] = (
            projections if isinstance(projections, Catalog) else list(projections))
        # kind of stream -> event type -> handlers, filled as events of each type arrive
        self._by_kind: dict[str, dict[str, list[Handler]]] = {}
        self.states = StreamStates(events)     # aggregates' states for ViewTx.fold

    def handlers_of(self, kind: str, event_type: str) -> list[Handler]:
        """The handlers of ``event_type`` (``"*"``: those of every event) in the
        projections that project this kind of stream."""
        table = self._by_kind.setdefault(kind, {})
        found = table.get(event_type)
        if found is None:
            candidates = (self.projections.handling(event_type, kind)
                          if isinstance(self.projections, Catalog) else self.projections)
            found = table[event_type] = [
                handler for projection in candidates if projection.projects(kind)
                for handler in projection.handlers.get(event_type, ())]
        return found

    def handlers_for(self, stream_id: str) -> dict[str, list[Handler]]:
        """Event type -> the handlers for this kind of stream, every type filled (it loads
        every projection of the kind); the table the projector itself uses."""
        kind = streams.kind_of(stream_id)
        names = (self.projections.event_types() if isinstance(self.projections, Catalog)
                 else {name for p in self.projections for name in p.handlers})
        for name in names:
            self.handlers_of(kind, name)
        return self._by_kind[kind]

    def apply(self, delivered: Iterable[StoredEvent]) -> None:
        """Project delivered events (any order, duplicates allowed)."""
        ordered = sorted(delivered, key=lambda e: (e.stream_id, e.version))
        for stream_id, events in groupby(ordered, key=lambda e: e.stream_id):
            self.catch_up(stream_id, list(events))

    def catch_up(self, stream_id: str, delivered: list[StoredEvent] | None = None,
                 react: bool = True) -> int:
        """Bring the stream's views (and, with ``react``, its durable reactions) up to
        date; returns the new checkpoint (negative: the stream is damaged)."""
        for _ in range(MAX_RACES):
            checkpoint = self.views.checkpoint(stream_id)
            if checkpoint < 0:          # damaged: recorded once, not projected again
                return checkpoint
            pending = self._pending(stream_id, checkpoint, delivered)
            if not pending:
                if react:
                    self._react(stream_id, checkpoint, delivered)
                return checkpoint
            committed = self._project(stream_id, checkpoint, pending)
            if committed is None:       # another worker moved the checkpoint: look again
                continue
            if committed < 0:
                return committed
            if react:
                self._react(stream_id, committed, pending)
            return committed
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

    def _project(self, stream_id: str, checkpoint: int,
                 events: list[StoredEvent]) -> int | None:
        """Commit the views of ``events``: the new checkpoint, None when another worker
        moved it first, or the negative checkpoint of a damage recorded now."""
        tx = ViewTx(self.views, self.states)
        base = checkpoint
        kind = streams.kind_of(stream_id)
        every = self.handlers_of(kind, "*")
        signals: set[str] = set()
        for event in events:
            try:
                for handler in self.handlers_of(kind, event.event.type):
                    handler(event, tx)
                for handler in every:
                    handler(event, tx)
            except ViewOwnershipError:
                if self.strict:
                    raise
                return self._damaged(stream_id, base, event)
            except Exception as exc:  # noqa: BLE001 - a poison event damages its stream only
                if transient(exc):      # the store, not the event: retried, never recorded
                    raise
                return self._damaged(stream_id, base, event)
            if tx.size() >= FLUSH_AT:
                if not self.views.commit(stream_id, base, event.version, tx.puts, tx.deletes,
                                         frozenset(tx.shared), tx.blind()):
                    return None
                signals |= tx.signals
                base, tx = event.version, ViewTx(self.views, self.states)
        if not self.views.commit(stream_id, base, events[-1].version, tx.puts, tx.deletes,
                                 frozenset(tx.shared), tx.blind()):
            return None
        if self.reactor is not None:
            self.reactor.notify(stream_id, events, signals | tx.signals)
        return events[-1].version

    def _damaged(self, stream_id: str, base: int, event: StoredEvent) -> int | None:
        """Record once that ``event`` cannot be projected (its views stay at ``base``)."""
        error = traceback.format_exc(limit=6)
        log.error("projecting %s v%s (%s) failed; the stream is marked damaged:\n%s",
                  stream_id, event.version, event.type, error)
        doc = damage.record(stream_id, event.version, event.type, base, error,
                            datetime.now(UTC).isoformat())
        puts = {doc.view_id: doc}
        if not self.views.commit(stream_id, base, -event.version, puts, set()):
            return None
        damage.forget_cached()
        return -event.version

    def retry(self, stream_id: str) -> int:
        """Project a damaged stream again (after a fix); its new checkpoint."""
        checkpoint = self.views.checkpoint(stream_id)
        if checkpoint >= 0:
            return self.catch_up(stream_id)
        found = self.views.get(damage.doc_id(stream_id))
        base = int(found["projected_to"]) if found else 0
        self.views.commit(stream_id, checkpoint, base, {}, {damage.doc_id(stream_id)})
        damage.forget_cached()
        return self.catch_up(stream_id)

    def _react(self, stream_id: str, head: int, known: list[StoredEvent] | None) -> None:
        """Run the durable reactions to the stream's events up to ``head`` not yet run."""
        if self.reactor is None or head <= 0 or not self.reactor.durable(stream_id):
            return
        key = REACTED + stream_id
        done = self.views.checkpoint(key)
        if done >= head:
            return
        by_version = {e.version: e for e in known or ()}
        todo = [by_version[v] for v in range(done + 1, head + 1) if v in by_version]
        if len(todo) != head - done:
            todo = self.events.read(stream_id, after=done, limit=head - done)
        wrote = self.reactor.react(stream_id, todo)
        previous = self.views.get(reactions_doc_id(stream_id)) or {"wrote": {}}
        merged = {**previous["wrote"]}
        for sid, version in wrote.items():
            merged[sid] = max(version, merged.get(sid, 0))
        doc = ViewDoc(reactions_doc_id(stream_id), BOOKKEEPING_KIND, stream_id,
                      {"stream_id": stream_id, "version": head, "wrote": merged})
        self.views.commit(key, done, head, {doc.view_id: doc}, set())

    def rebuild(self) -> int:
        """Drop every view and project all events again; returns the events applied.
        (Reactions are not run again: what they wrote is in the event store.)"""
        self.views.clear()
        count = self.project_all(self.events.all_events())
        from . import SCHEMA_VERSION
        self.views.mark_schema(SCHEMA_VERSION)
        return count

    def project_all(self, events: Iterable[StoredEvent]) -> int:
        """Project every stream of ``events`` (in version order within each stream)
        without reactions; the number of events seen."""
        by_stream: dict[str, list[StoredEvent]] = {}
        count = 0
        for event in events:
            by_stream.setdefault(event.stream_id, []).append(event)
            count += 1
        for stream_id, stream_events in by_stream.items():
            self.catch_up(stream_id, stream_events, react=False)
            if self.reactor is not None and self.reactor.durable(stream_id):
                self.mark_reacted(stream_id, stream_events[-1].version)
        return count

    def mark_reacted(self, stream_id: str, head: int) -> None:
        """The durable reactions to the stream up to ``head`` count as run (a rebuild:
        what they committed is in the event store already)."""
        key = REACTED + stream_id
        done = self.views.checkpoint(key)
        if done < head:
            self.views.commit(key, done, head, {}, set())

    def after_commit(self, stored: list[StoredEvent]) -> None:
        """In-process projection after each append (local mode). The events are already
        durable, so a failing reaction must not fail the request: it is logged and runs
        again at the stream's next projection (a damaged stream is recorded, not raised)."""
        try:
            self.apply(stored)
        except ViewOwnershipError:
            log.exception("a projection wrote another stream's view document")
            if self.strict:
                raise
        except Exception:  # noqa: BLE001 - logged, the reaction is retried later
            log.exception("projection failed (or a reaction to it); the stream catches up at "
                          "its next projection")
