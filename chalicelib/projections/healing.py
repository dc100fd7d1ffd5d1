"""Views that heal themselves. The views are derived from the events, so a view store that
is missing, corrupt or built by other projections is rebuilt from the events, never
repaired in place, and the event store is only read:

- at start (``heal_at_start``: a process building its runtime; a Lambda container on first
  use) when the store's ``condition`` names a fault, and
- while running, when a read finds the store damaged (``HealingViews``): the read waits for
  the rebuild and is answered from the new views.

Every repair is logged and kept for ``GET /v1/health`` (``views.repairs``)."""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from ..store.ports import EventStore, ViewsDamaged, ViewStore
from . import SCHEMA_VERSION
from .projector import Projector

log = logging.getLogger(__name__)
T = TypeVar("T")
KEPT = 10          # repairs remembered for /v1/health


@dataclass(frozen=True)
class Repair:
    reason: str
    at: str
    events_applied: int
    seconds: float

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


class ViewHealer:
    """Rebuilds the views from the events, one rebuild at a time per process (and, with
    ``exclusive``, across the processes sharing the store)."""

    def __init__(self, events: EventStore, views: ViewStore, projector: Projector,
                 exclusive: Callable[[], AbstractContextManager] = nullcontext):
        self.events = events
        self.views = views
        self.projector = projector
        self.exclusive = exclusive
        self.repairs: list[Repair] = []
        self._lock = threading.Lock()
        self._generation = 0

    def heal_at_start(self, deep: bool = True) -> Repair | None:
        """Rebuild when the store is not fit to serve (a new store over an empty event log
        is only marked)."""
        with self._lock, self.exclusive():
            reason = self.views.condition(SCHEMA_VERSION, deep=deep)
            if reason is None:
                return None
            if reason.startswith("unversioned") and self._no_events():
                self.views.clear()
                self.views.mark_schema(SCHEMA_VERSION)
                return None
            return self._rebuild(reason)

    def heal(self, reason: str, seen_generation: int) -> None:
        """Rebuild after a read found the store damaged, unless it was rebuilt since that
        read began: by another thread (``seen_generation``) or another process (the store
        passes its full check again)."""
        with self._lock:
            if self._generation != seen_generation:
                return
            with self.exclusive():
                if self.views.condition(SCHEMA_VERSION, deep=True) is None:
                    return
                self._rebuild(reason)

    @property
    def generation(self) -> int:
        return self._generation

    def _no_events(self) -> bool:
        return next(iter(self.events.all_events()), None) is None

    def _rebuild(self, reason: str) -> Repair:
        log.warning("views rebuilding from the events: %s", reason)
        started = time.perf_counter()
        applied = self.projector.rebuild()
        repair = Repair(reason, datetime.now(UTC).isoformat(timespec="seconds"), applied,
                        round(time.perf_counter() - started, 3))
        self.repairs = [*self.repairs[-(KEPT - 1):], repair]
        self._generation += 1
        log.warning("views rebuilt: %d events in %.3f s", applied, repair.seconds)
        return repair


class HealingViews:
    """The view store as the application reads it: a read that finds the store damaged
    waits for a rebuild (``ViewHealer.heal``) and is tried once more."""

    def __init__(self, views: ViewStore, healer: ViewHealer):
        self._views = views
        self._healer = healer

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._views, name)
        if not callable(attribute):
            return attribute

        def healing(*args, **kwargs):
            generation = self._healer.generation
            try:
                return attribute(*args, **kwargs)
            except ViewsDamaged as damaged:
                self._healer.heal(f"corrupt ({damaged})", generation)
                return attribute(*args, **kwargs)
        return healing
