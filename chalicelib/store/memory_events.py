"""In-memory event store: the same port as the SQLite and DynamoDB adapters, for tests
and throwaway runs (``PODIUM_STORE=memory``); nothing survives the process. Payloads go
through the JSON codec on the way in and out, as they do in the durable adapters, so a
caller can neither mutate what was stored nor rely on a Python type JSON would not keep."""
from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Any, NamedTuple

from . import codec
from .chaining import Chainer
from .item_size import check_commit, check_event
from .ports import (
    ConcurrencyConflict,
    IdempotencyKeyTaken,
    IdempotencyRecord,
    StoredEvent,
    StreamWrite,
    Tally,
)
from .reply_items import dumps_reply


def _copy(value: Any) -> Any:
    return codec.loads(codec.dumps(value))


class _Row(NamedTuple):
    """An event as kept: its payloads encoded, as a durable adapter would keep them."""
    stream_id: str
    version: int
    type: str
    data: str
    meta: str
    event_id: str
    recorded_at: str
    chain: str | None


class MemoryEventStore:
    def __init__(self) -> None:
        self.chainer = Chainer()        # each event's audit link, as the durable adapters
        self._lock = threading.Lock()
        self._streams: dict[str, list[_Row]] = {}
        self._log: list[_Row] = []          # commit order, as SQLite's position
        self._tallies: dict[str, set[int]] = {}
        # records kept with their reply encoded (dumps_reply), as a durable store keeps it
        self._idempotency: dict[str, IdempotencyRecord] = {}

    def version(self, stream_id: str) -> int:
        with self._lock:
            return len(self._streams.get(stream_id, ()))

    def append_batch(self, writes: Iterable[StreamWrite],
                     idempotency: IdempotencyRecord | None = None,
                     tallies: Iterable[Tally] = ()) -> list[StoredEvent]:
        writes, tallies = list(writes), list(tallies)
        with self._lock:
            if idempotency is not None and idempotency.key in self._idempotency:
                raise IdempotencyKeyTaken(idempotency.key)
            for write in writes:        # every check before any change: all or nothing
                if len(self._streams.get(write.stream_id, ())) != write.expected_version:
                    raise ConcurrencyConflict(write.stream_id, write.expected_version)
            recorded_at = datetime.now(UTC).isoformat(timespec="microseconds")
            stored: list[_Row] = []
            size = 0
            for write in writes:
                for e in self.chainer.stamp(write, self._head(write), recorded_at) \
                        if write.events else ():
                    data = codec.dumps(e.data)
                    size += check_event(e, data)    # what DynamoDB refuses, before any change
                    check_commit(size, len(stored) + 1)
                    stored.append(_Row(e.stream_id, e.version, e.type, data,
                                       codec.dumps(e.meta), e.event_id, recorded_at, e.chain))
            for event in stored:
                self._streams.setdefault(event.stream_id, []).append(event)
            self._log.extend(stored)
            for tally in tallies:
                self._tallies.setdefault(tally.name, set()).add(tally.member)
            if idempotency is not None:
                self._idempotency[idempotency.key] = IdempotencyRecord(
                    idempotency.key, idempotency.fingerprint, idempotency.status,
                    dumps_reply(idempotency.body), _copy(idempotency.headers))
        return [self._out(event) for event in stored]

    def _head(self, write: StreamWrite) -> str | None:
        """The link of the stream's last event: recorded, or derived now (events given
        to this store as an older Podium wrote them, without links) and recorded."""
        held = self._streams.get(write.stream_id)
        if not held:
            return None
        if held[-1].chain is None:
            derived = self.chainer.derive([self._out(row) for row in held])
            held[:] = [row._replace(chain=e.chain) for row, e in zip(held, derived,
                                                                      strict=True)]
        return held[-1].chain

    @staticmethod
    def _out(row: _Row) -> StoredEvent:
        return StoredEvent(row.stream_id, row.version, row.type, codec.loads(row.data),
                           codec.loads(row.meta), row.event_id, row.recorded_at, row.chain)

    def read(self, stream_id: str, after: int = 0,
             limit: int | None = None) -> list[StoredEvent]:
        with self._lock:
            events = self._streams.get(stream_id, [])[max(after, 0):]
            if limit is not None:
                events = events[:limit]
        return [self._out(event) for event in events]

    def read_many(self, after: dict[str, int]) -> dict[str, list[StoredEvent]]:
        return {stream_id: self.read(stream_id, version) for stream_id, version in after.items()}

    def tally(self, name: str) -> int:
        with self._lock:
            return len(self._tallies.get(name, ()))

    def tally_members(self) -> list[Tally]:
        """Every member of every tally (to copy what this store holds into another)."""
        with self._lock:
            return [Tally(name, member) for name, members in self._tallies.items()
                    for member in sorted(members)]

    def position(self) -> int:
        """How many events the store holds: ``since(position)`` gives those appended
        after this call."""
        with self._lock:
            return len(self._log)

    def since(self, position: int) -> list[StoredEvent]:
        """The events appended after ``position`` (see :meth:`position`), in commit order."""
        with self._lock:
            rows = self._log[position:]
        return [self._out(row) for row in rows]

    def idempotency(self, key: str) -> IdempotencyRecord | None:
        with self._lock:
            record = self._idempotency.get(key)
        if record is None:
            return None
        return IdempotencyRecord(record.key, record.fingerprint, record.status,
                                 codec.loads(record.body), _copy(record.headers))

    def all_events(self) -> Iterator[StoredEvent]:
        position = 0
        while True:
            with self._lock:
                chunk = self._log[position:position + 1000]
            if not chunk:
                return
            position += len(chunk)
            yield from (self._out(event) for event in chunk)
