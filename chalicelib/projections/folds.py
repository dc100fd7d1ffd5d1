"""The state an aggregate's decider folds from a stream's events up to a version, for the
projections that rank or total what the domain already folds (Swiss standings), instead
of rebuilding domain objects from view documents. A deterministic function of the events,
so a rebuild folds the same; cached per stream so consecutive versions fold only what is
new (the events of a stream never change)."""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, TypeVar

from ..domain.decider import Decider
from ..store.ports import EventStore

S = TypeVar("S")
KEPT = 32      # streams whose last folded state is kept


class StreamStates:
    def __init__(self, events: EventStore):
        self.events = events
        self._kept: OrderedDict[tuple[str, str], tuple[int, Any]] = OrderedDict()

    def state(self, decider: Decider[S], stream_id: str, version: int) -> S:
        """``decider``'s state after the stream's events 1..``version``."""
        key = (getattr(decider, "name", repr(decider)), stream_id)
        kept = self._kept.pop(key, None)
        base, state = kept if kept is not None and kept[0] <= version else (
            0, decider.initial())
        if version > base:
            for stored in self.events.read(stream_id, after=base, limit=version - base):
                state = decider.evolve(state, stored.event)
        self._kept[key] = (version, state)
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return state
