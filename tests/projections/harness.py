"""Given events -> view documents, for one projection's tests: events (typed, or the
recorded fixture logs of ``tests/fixtures/events``) are appended to a SQLite event store
and delivered to the projector one at a time, as a stream delivers them; then the same
events delivered again (shuffled, duplicated) must change nothing, and a rebuild from
the events must give the documents the incremental path gave."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chalicelib.domain.events import Event
from chalicelib.projections import catalog
from chalicelib.projections.projector import Projector
from chalicelib.store.ports import NewEvent, StoredEvent, append
from chalicelib.store.sqlite_events import SqliteEventStore
from chalicelib.store.sqlite_views import SqliteViewStore
from tests.events import fixture_logs

Docs = dict[str, dict[str, Any]]


@dataclass
class Projected:
    """The stores of one test; ``mine`` picks the documents of the projection tested."""

    events: SqliteEventStore
    views: SqliteViewStore
    projector: Projector
    mine: Callable[[str], bool]
    delivered: list[StoredEvent] = field(default_factory=list)

    def given(self, stream_id: str, *events: Event) -> list[StoredEvent]:
        """Append ``events`` to ``stream_id`` and deliver them one by one."""
        version = len(self.events.read(stream_id))
        stored = append(self.events, stream_id, version, [NewEvent.of(e) for e in events])
        for one in stored:
            self.projector.apply([one])
        self.delivered += stored
        return stored

    def docs(self) -> Docs:
        """The documents of the projection tested (view id -> document)."""
        return {v: d for v, d in self.views.dump().items() if self.mine(v)}

    def doc(self, view_id: str) -> dict[str, Any] | None:
        return self.views.get(view_id)

    def redeliver(self, seed: int = 7) -> None:
        """Every event again, shuffled, some twice, in batches (a stream's at-least-once
        delivery, duplicates and out-of-order batches)."""
        again = list(self.delivered) + self.delivered[::3]
        random.Random(seed).shuffle(again)
        for k in range(0, len(again), 5):
            self.projector.apply(again[k:k + 5])

    def rebuilt(self) -> Docs:
        self.projector.rebuild()
        return self.docs()


def stores(tmp_path: Path, mine: Callable[[str], bool]) -> Projected:
    events = SqliteEventStore(str(tmp_path / "events.db"), synchronous="OFF")
    views = SqliteViewStore(str(tmp_path / "views.db"))
    return Projected(events, views, Projector(events, views, catalog(), strict=True), mine)


def from_log(tmp_path: Path, name: str, mine: Callable[[str], bool]) -> Projected:
    """A recorded fixture log's events, delivered one at a time in recorded order."""
    p = stores(tmp_path, mine)
    log = fixture_logs.load(name)
    fixture_logs.restore(p.events, log)
    p.delivered = list(p.events.all_events())
    for one in p.delivered:
        p.projector.apply([one])
    return p


def prefixed(*prefixes: str, unless: Iterable[str] = ()) -> Callable[[str], bool]:
    """View ids starting with one of ``prefixes`` and containing none of ``unless``."""
    excluded = tuple(unless)
    return lambda view_id: view_id.startswith(prefixes) and not any(
        x in view_id for x in excluded)


def assert_exactly_once_and_rebuildable(p: Projected) -> Docs:
    """Redelivery changes nothing and a rebuild equals the incremental documents (which
    must exist); returns them."""
    incremental = p.docs()
    assert incremental, "the events projected no document of this projection"
    p.redeliver()
    assert p.docs() == incremental
    assert p.rebuilt() == incremental
    return incremental


def typed(p: Projected, cls: type[Event], stream_prefix: str = "") -> list[Any]:
    """The delivered events of class ``cls`` (on streams starting with the prefix)."""
    return [s.event for s in p.delivered
            if isinstance(s.event, cls) and s.stream_id.startswith(stream_prefix)]
