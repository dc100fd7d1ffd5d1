"""Change feeds: where their entries are kept and how they are ordered.

A tournament has one public feed and one private feed per player. Each entry is one view
document (kind ``feed|<tid>`` or ``feed|<tid>|<pid>``, sort = its position) owned by the
stream whose event wrote it, so streams projected at once never write one document.

A position is derived from the source event alone, so a rebuild gives the same positions:
``<recorded_at in µs, 16 digits>-<sha256(stream)[:10]>-<stream version, 6>-<index, 3>``.
Positions sort as strings in the order the events were committed (the event store stamps
``recorded_at`` inside its write lock); a *mark* ``<µs>-~`` sorts after every entry of
that microsecond and before every later one, so "everything up to time T" is a position
too (a fresh subscriber starts at the mark of the newest time it may be served).

Listeners (the local server's live hub) are told which feeds an event wrote to, so they
can look again once it is committed; nothing depends on being told."""
from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

from ..domain.events import Event
from .queries.feed_entries import (
    feed_kind,
)
from .registry import Stored, ViewTx
from .signals import FEED_WRITTEN

log = logging.getLogger(__name__)


Listener = Callable[[str, str | None], None]
_listeners: list[Listener] = []
# Called in the projection for each private entry written: (tx, source event, tid, pid,
# entry) -> None (projections/push.py queues the entry's Web Push deliveries)
PrivateHook = Callable[[ViewTx, "Stored[Event]", str, str, dict[str, Any]], None]
private_hooks: list[PrivateHook] = []


def entry_id(tid: str, pid: str | None, position: str) -> str:
    return f"feed:{tid}:{pid or '-'}:{position}"


def micros(iso: str) -> int:
    moment = datetime.fromisoformat(iso)
    return int(moment.timestamp()) * 1_000_000 + moment.microsecond


def position_of(stored: Stored[Event], index: int) -> str:
    stream = hashlib.sha256(stored.stream_id.encode()).hexdigest()[:10]
    return f"{micros(stored.recorded_at):016d}-{stream}-{stored.version:06d}-{index:03d}"


class Emitter:
    """Writes one source event's entries: each feed's entries of one event are numbered
    0, 1, ... in the order written."""

    def __init__(self, stored: Stored[Event], tx: ViewTx, tid: str):
        self.stored, self.tx, self.tid = stored, tx, tid
        self.counts: dict[str | None, int] = {}

    def emit(self, pid: str | None, message: str, data: dict[str, Any]) -> str:
        index = self.counts.get(pid, 0)
        self.counts[pid] = index + 1
        position = position_of(self.stored, index)
        doc = {"position": position, "type": message, "tournament_id": self.tid,
               "at": self.stored.recorded_at, "data": data}
        if pid is not None:
            doc["player_id"] = pid
        self.tx.put(entry_id(self.tid, pid, position), doc, kind=feed_kind(self.tid, pid),
                    sort=position)
        self.tx.signal(FEED_WRITTEN)        # the WebSocket fan-out (reactions/sockets.py)
        if pid is not None:
            for hook in private_hooks:
                hook(self.tx, self.stored, self.tid, pid, doc)
        _notify(self.tid, pid)
        return position

    def public(self, message: str, data: dict[str, Any]) -> str:
        return self.emit(None, message, data)

    def private(self, pid: str, message: str, data: dict[str, Any]) -> str:
        return self.emit(pid, message, data)


def listen(listener: Listener) -> Callable[[], None]:
    """Be told ``(tid, pid)`` (pid None: the public feed) when a projection writes an
    entry (before its commit: look again shortly). Returns the function that stops it."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener) if listener in _listeners else None


def _notify(tid: str, pid: str | None) -> None:
    for listener in list(_listeners):
        try:
            listener(tid, pid)
        except Exception:  # noqa: BLE001 - a listener never fails a projection
            log.exception("feed listener failed")
