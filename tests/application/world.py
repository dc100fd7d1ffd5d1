"""Application tests without HTTP: a runtime on the in-memory store, given events (a
recorded history, or typed events), then a use case run with a principal in a unit of
work; the test asserts on its result and on the events it appended.

    world.given(seeds.ready("munchkin", "booster-draft", players=8))
    paired = world.run(swiss_rounds.pair_round, organizer(event), tid, None)
    assert world.appended_types(f"swiss-{tid}") == ["RoundPaired"]
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from itertools import groupby
from typing import Any

from chalicelib.application.reads import Reads
from chalicelib.config import Config
from chalicelib.domain.events import Event
from chalicelib.runtime import Runtime, build_runtime
from chalicelib.service import Reply
from chalicelib.store.memory_events import MemoryEventStore
from chalicelib.store.ports import NewEvent, StoredEvent, StreamWrite, Tally

TOKEN_SECRET = "test-secret-" + "0" * 52


def memory_runtime(data_dir: str, clock: Callable[[], datetime] | None = None) -> Runtime:
    """A runtime on the in-memory store, projected inline, evolve purity checked."""
    rt = build_runtime(Config(store="memory", data_dir=data_dir, admin_key="pdm_admin_unused",
                              token_secret=TOKEN_SECRET, check_purity=True))
    if clock is not None:
        rt.service.clock = clock
    return rt


@dataclass(frozen=True)
class History:
    """Events as some store recorded them (stream, type, payload, meta), in commit order,
    with the tallies' members: what ``World.given`` appends to a fresh store."""

    events: tuple[tuple[str, str, dict[str, Any], dict[str, Any]], ...]
    tallies: tuple[Tally, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict)    # ids a test needs (tid, players)

    @classmethod
    def of(cls, store: MemoryEventStore, **facts: Any) -> History:
        return cls(tuple((e.stream_id, e.type, e.data, e.meta) for e in store.all_events()),
                   tuple(store.tally_members()), facts)


class World:
    def __init__(self, rt: Runtime):
        self.rt = rt
        self.store: MemoryEventStore = rt.events     # type: ignore[assignment]
        self.appended: list[StoredEvent] = []        # by the last ``run``

    # -- given ---------------------------------------------------------------------
    def given(self, history: History) -> dict[str, Any]:
        """Append the history (each run of one stream's events in one write, the
        tallies with the first) and project it; reactions count as run (what they
        wrote is in the history). Returns the history's facts."""
        stored: list[StoredEvent] = []
        tallies: Iterable[Tally] = history.tallies
        seen: set[str] = set()
        for stream_id, run in groupby(history.events, key=lambda e: e[0]):
            if stream_id not in seen and self.store.version(stream_id):
                raise ValueError(f"{stream_id} is given twice: record another history "
                                 "(e.g. seeds.started(..., n=1)) for a second tournament")
            seen.add(stream_id)
            write = StreamWrite(stream_id, self.store.version(stream_id),
                                tuple(NewEvent(type_, data, meta) for _, type_, data, meta in run))
            stored += self.store.append_batch([write], tallies=tallies)
            tallies = ()
        self.rt.projector.project_all(stored)
        return dict(history.facts)

    def record(self, stream_id: str, *events: Event, meta: dict[str, Any] | None = None
               ) -> list[StoredEvent]:
        """Append typed events to a stream (at its current version) and project them,
        as a commit would (reactions included)."""
        new = [NewEvent.of(event, meta or {"actor": {"role": "test", "id": "given"}})
               for event in events]
        stored = self.store.append_batch(
            [StreamWrite(stream_id, self.store.version(stream_id), tuple(new))])
        self.rt.projector.after_commit(stored)
        return stored

    # -- when ----------------------------------------------------------------------
    def run(self, use_case: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``use_case(uow, *args)`` in one committed unit of work (retried on conflicts,
        projected inline, its reactions run); its result. What it appended, its
        reactions' commits included, is in ``appended`` (a refusal: nothing)."""
        start = self.store.position()
        self.appended = []
        try:
            return self.rt.service.run(
                lambda uow: Reply(200, use_case(uow, *args, **kwargs))).body
        finally:
            self.appended = self.store.since(start)

    # -- then ----------------------------------------------------------------------
    @property
    def reads(self) -> Reads:
        """The read side (views, and streams where a query folds them)."""
        return Reads(self.rt.service, self.rt.views)

    def appended_types(self, stream_id: str | None = None) -> list[str]:
        return [e.type for e in self.appended if stream_id in (None, e.stream_id)]

    def types(self, stream_id: str) -> list[str]:
        """Every event type of the stream, in order."""
        return [e.type for e in self.store.read(stream_id)]
