"""What the service and projector need from storage. Adapters: ``sqlite_*``, ``dynamo_*``."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any, Protocol

from ..domain.events import Event, decode, encode
from ..domain.version import PODIUM_VERSION


@dataclass(frozen=True)
class NewEvent:
    type: str
    data: dict[str, Any]
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, event: Event, meta: dict[str, Any] | None = None) -> NewEvent:
        """How ``event`` is written: its name, payload and, in ``meta``, its version (a
        typed event only: ``events.UntypedEvent`` otherwise) and the Podium version that
        recorded it (the audit log names it for the offline verifier)."""
        name, data, version = encode(event)
        return cls(name, data, {**(meta or {}), "v": version, "podium": PODIUM_VERSION})


@dataclass(frozen=True)
class StoredEvent:
    """An event as stored: ``type`` and ``data`` exactly as written (an older shape for
    events written before their class changed); ``event`` is the typed event they decode
    to, in its class's current shape."""

    stream_id: str
    version: int          # 1-based position in its stream
    type: str
    data: dict[str, Any]
    meta: dict[str, Any]  # ``v``: the version of the event's shape (absent: 1); ``podium``:
    #                       the Podium version that recorded it (absent: before 1.1.0)
    event_id: str
    recorded_at: str      # ISO-8601 UTC
    # the audit chain's link, recorded when the event was appended (``store/chaining.py``);
    # None for an event written before links were recorded, until its stream's next append
    chain: str | None = None

    @cached_property
    def event(self) -> Event:
        return decode(self.type, self.data, self.meta.get("v", 1), self.stream_id)


@dataclass(frozen=True)
class StreamWrite:
    """Append ``events`` to ``stream_id`` iff it is at ``expected_version``.
    With no events this is a pure guard: the stream must still be at that version."""

    stream_id: str
    expected_version: int
    events: tuple[NewEvent, ...] = ()


@dataclass(frozen=True)
class IdempotencyRecord:
    key: str              # already scoped to the caller (see service.idempotency)
    fingerprint: str      # hash of method, path and body
    status: int
    body: Any
    # the reply's headers (e.g. Location), so a replay answers exactly as the original;
    # records stored before headers were kept read back with none
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Tally:
    """One member counted in a tally, written atomically with the events that made it so
    (e.g. table 12 of Swiss round 3 has its final result). Tallies let many streams that
    never contend learn together that they are all done: each adds its own member, and
    anyone can count the members consistently right after committing."""

    name: str
    member: int           # 1..2**31; adding a member twice counts it once


class CommitTooLarge(ValueError):
    """A unit of work writes more than one atomic commit of this store holds (DynamoDB:
    100 items in one transaction). Raised before anything is written."""

    def __init__(self, items: int, limit: int):
        super().__init__(f"{items} items in one commit (at most {limit})")
        self.items = items
        self.limit = limit


class ItemTooLarge(CommitTooLarge):
    """An event whose stored item would exceed what one item of the store holds
    (DynamoDB: 400 KB, ``store/item_size.py``; every adapter refuses what DynamoDB
    would). Raised before anything is written."""

    def __init__(self, stream_id: str, event_type: str, size: int, limit: int):
        ValueError.__init__(self, f"event {event_type} of stream {stream_id} is {size} "
                                  f"bytes stored (at most {limit})")
        self.items = 1
        self.stream_id = stream_id
        self.event_type = event_type
        self.size = size
        self.limit = limit


class EventJsonTooLarge(ItemTooLarge):
    """An event whose data is more JSON than one reply may carry beside its page's
    envelope (``store/item_size.MAX_EVENT_JSON_BYTES``): a feed, log or audit page of that
    event alone would pass a Lambda reply's 6 MB. Raised before anything is written."""

    def __init__(self, stream_id: str, event_type: str, size: int, limit: int):
        super().__init__(stream_id, event_type, size, limit)
        ValueError.__init__(self, f"event {event_type} of stream {stream_id} is {size} "
                                  f"bytes of JSON (at most {limit})")


class CommitBytesTooLarge(CommitTooLarge):
    """A commit whose events together exceed what one atomic commit of the store holds
    (DynamoDB: a transaction's 4 MB, ``store/item_size.py``; every adapter refuses what
    DynamoDB would). Raised before anything is written."""

    def __init__(self, size: int, limit: int, items: int):
        ValueError.__init__(self, f"{size} bytes of events in one commit (at most {limit})")
        self.items = items
        self.size = size
        self.limit = limit


class ConcurrencyConflict(Exception):
    """A stream was not at the expected version. Nothing was appended."""

    def __init__(self, stream_id: str, expected: int):
        super().__init__(f"stream {stream_id} is not at version {expected}")
        self.stream_id = stream_id
        self.expected = expected


class StoreUnavailable(Exception):
    """The store refused for now (throttled, busy, unreachable, damaged) after the
    client's own retries. Nothing was appended, or (a timeout) whether a write landed is
    unknown: the same request may be retried with its idempotency key."""


class ViewsDamaged(Exception):
    """The view store cannot serve views (a corrupt file); views are derived data, so the
    runtime rebuilds them from the events (``projections/healing.py``)."""


class ViewOwnershipError(Exception):
    """A projection wrote a view document that another stream owns. Each document has one
    owning stream, or concurrent projections of two streams would lose updates and a
    rebuild could order them differently (a programming error; nothing was written)."""


class IdempotencyKeyTaken(Exception):
    """Another request committed with this idempotency key first. Nothing was appended."""


class EventStore(Protocol):
    def append_batch(self, writes: Iterable[StreamWrite],
                     idempotency: IdempotencyRecord | None = None,
                     tallies: Iterable[Tally] = ()) -> list[StoredEvent]:
        """Atomically append to every stream (all or nothing), storing the idempotency
        record and adding the tally members in the same transaction."""

    def read(self, stream_id: str, after: int = 0,
             limit: int | None = None) -> list[StoredEvent]:
        """The stream's events after version ``after``, in order (at most ``limit``)."""

    def read_many(self, after: dict[str, int]) -> dict[str, list[StoredEvent]]:
        """``read`` of many streams at once (stream id -> the version to read after);
        every stream asked for is in the answer, with its events in version order."""

    def tally(self, name: str) -> int:
        """How many members the tally has, including every committed append."""

    def version(self, stream_id: str) -> int: ...

    def idempotency(self, key: str) -> IdempotencyRecord | None: ...

    def all_events(self) -> Iterator[StoredEvent]:
        """Every event, in version order within each stream (order across streams is
        the adapter's: global for SQLite, stream by stream for DynamoDB)."""


def append(store: EventStore, stream_id: str, expected_version: int, events: list[NewEvent],
           idempotency: IdempotencyRecord | None = None) -> list[StoredEvent]:
    """Single-stream convenience over ``append_batch``."""
    write = StreamWrite(stream_id, expected_version, tuple(events))
    return store.append_batch([write], idempotency)


# documents the projector keeps for the reactions (what they wrote): bookkeeping like the
# checkpoints, not views, so a rebuild (which runs no reaction) need not reproduce them
BOOKKEEPING_KIND = "reactions"


@dataclass
class ViewDoc:
    view_id: str
    kind: str
    sort: str
    doc: dict[str, Any]
    owner: str = ""       # the stream whose projection wrote it ("" shared), as read back


class ViewStore(Protocol):
    def get(self, view_id: str) -> dict[str, Any] | None: ...

    def get_many(self, view_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
        """The docs that exist among ``view_ids`` (missing ones are left out)."""

    def entry(self, view_id: str) -> ViewDoc | None:
        """The doc with its kind and sort key."""

    def list(self, kind: str, after: str | None = None, limit: int = 100) -> list[ViewDoc]:
        """Views of one kind ordered by ``sort`` (then id), strictly after ``after``."""

    def checkpoint(self, stream_id: str) -> int: ...

    def checkpoints(self, stream_ids: Iterable[str]) -> dict[str, int]:
        """Each stream's checkpoint (0 when never projected), in few round trips."""

    def commit(self, stream_id: str, expected_checkpoint: int, new_checkpoint: int,
               puts: dict[str, ViewDoc], deletes: set[str],
               shared: frozenset[str] = frozenset(),
               blind: frozenset[str] = frozenset()) -> bool:
        """Write the docs and move the stream's checkpoint atomically; False (and nothing
        written) if the checkpoint moved meanwhile. Every doc written or deleted must be
        unowned or owned by ``stream_id`` (which then owns it), else ViewOwnershipError;
        ids in ``shared`` are exempt (documents whose handlers converge in any order).
        An adapter whose transactions are bounded (DynamoDB: 100 items) may write the
        ``blind`` puts (documents the commit never read: recomputed identically when
        the events are projected again) ahead of the rest, while the checkpoint is still
        ``expected_checkpoint``."""

    def clear(self) -> None:
        """Drop every view and checkpoint (before a rebuild); a damaged store is replaced
        by an empty one."""

    def condition(self, schema_version: int, deep: bool = True) -> str | None:
        """Why the store cannot serve views of projections at ``schema_version`` (corrupt,
        unversioned, incompatible), or None; ``deep`` also checks every stored page where
        the adapter can (SQLite)."""

    def mark_schema(self, schema_version: int) -> None:
        """Record that the views were built by projections at ``schema_version``."""

    def dump(self) -> dict[str, dict[str, Any]]:
        """Every view doc by id (checkpoints and the reactions' bookkeeping, kind
        ``BOOKKEEPING_KIND``, excluded), to compare rebuilds and replays."""


@dataclass(frozen=True)
class Probe:
    """One table or database answering (or not) a trivial read."""
    name: str
    ok: bool
    ms: float
    error: str | None = None     # the failure's kind (e.g. ``DatabaseError``), never paths


@dataclass(frozen=True)
class Backlog:
    """Events recorded but not yet projected: when the oldest of them was recorded (None:
    nothing waits). ``complete`` is False when this look could not cover every event
    (``error`` says why); the next look carries on."""
    oldest_at: datetime | None
    complete: bool = True
    error: str | None = None


class StoreHealth(Protocol):
    def probe(self) -> list[Probe]:
        """Each table (DynamoDB) or database file (SQLite) answering a trivial read."""

    def backlog(self) -> Backlog:
        """The projection's backlog, found cheaply (incrementally where it can)."""
