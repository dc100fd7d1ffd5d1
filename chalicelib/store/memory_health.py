"""Health of the in-memory store: nothing to probe (no file, no table), and the
projection's backlog found by comparing every stream's head with its view checkpoint
(a whole pass: the store holds what one process wrote)."""
from __future__ import annotations

from datetime import datetime

from .ports import Backlog, EventStore, Probe, ViewStore


class MemoryHealth:
    def __init__(self, events: EventStore, views: ViewStore):
        self.events = events
        self.views = views

    def probe(self) -> list[Probe]:
        return [Probe("events", True, 0.0), Probe("views", True, 0.0)]

    def backlog(self) -> Backlog:
        first_at: dict[tuple[str, int], str] = {}
        heads: dict[str, int] = {}
        for event in self.events.all_events():
            heads[event.stream_id] = event.version
            first_at[event.stream_id, event.version] = event.recorded_at
        projected = self.views.checkpoints(heads)
        # a negative checkpoint: a damaged stream, reported as such, not as lag
        waiting = [first_at[s, projected[s] + 1] for s, head in heads.items()
                   if 0 <= projected[s] < head]
        return Backlog(datetime.fromisoformat(min(waiting)) if waiting else None)
