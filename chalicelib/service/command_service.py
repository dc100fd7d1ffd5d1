"""The one path by which anything is written: run a unit of work, commit atomically,
retry on version conflicts, replay stored replies for repeated idempotency keys."""
from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..domain.decider import Decider, Key, fold
from ..domain.errors import DomainError, Invalid
from ..domain.events import Event
from ..store.item_size import check_writes
from ..store.ports import (
    CommitBytesTooLarge,
    CommitTooLarge,
    ConcurrencyConflict,
    EventJsonTooLarge,
    EventStore,
    IdempotencyKeyTaken,
    IdempotencyRecord,
    ItemTooLarge,
    StoredEvent,
)
from . import positions, read_scope
from .idempotency import IdempotencyMismatch, IdempotencyRequest
from .state_cache import StateCache
from .unit_of_work import UnitOfWork

MAX_ATTEMPTS = 30
MAX_BACKOFF_SECONDS = 0.05


@dataclass
class Reply:
    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)


class ServiceBusy(DomainError, status=409, code="contention"):
    """Contention did not clear after every retry; nothing was appended."""


class CommandService:
    def __init__(self, events: EventStore, cache: StateCache | None = None,
                 clock: Callable[[], datetime] | None = None, check_purity: bool = False):
        self.events = events
        self.cache = cache or StateCache()
        self.clock = clock or (lambda: datetime.now(UTC))
        self.after_commit: list[Callable[[list[StoredEvent]], None]] = []
        # checks of a unit's writes before it commits (may guard streams, or refuse):
        # the venue lease (service/venue_lease.py)
        self.before_commit: list[Callable[..., None]] = []   # (uow, refused=False)
        self.check_purity = check_purity

    # -- reads -------------------------------------------------------------
    def read(self, decider: Decider, key: Key) -> tuple[Any, int]:
        """The folded state and version of the aggregate's stream of ``key`` (cached,
        then caught up)."""
        return self.read_stream(decider, decider.stream_id(key))

    def read_stream(self, decider: Decider, stream_id: str) -> tuple[Any, int]:
        """:meth:`read` of a stream id derived from its key; within a read's scope
        (``read_scope.py``) the store is asked once per stream."""
        memo = read_scope.snapshots()
        if memo is None:
            return self._read_stream(decider, stream_id)
        key = (decider.name, decider.checked(stream_id))
        if key not in memo:
            memo[key] = self._read_stream(decider, stream_id)
        return memo[key]

    def _read_stream(self, decider: Decider, stream_id: str) -> tuple[Any, int]:
        """The stream's state from the cache, caught up with the store (never a scope's
        snapshot: what a retried unit of work and a rehearsal read)."""
        stream_id = decider.checked(stream_id)
        cached = self.cache.get(decider.name, stream_id)
        state, version = (cached[1], cached[0]) if cached else (decider.initial(), 0)
        newer = self.events.read(stream_id, after=version)
        if newer:
            state = self._fold(decider, state, newer)
            version = newer[-1].version
            self.cache.put(decider.name, stream_id, version, state)
        return state, version

    def _fold(self, decider: Decider, state: Any, stored: list[Any]) -> Any:
        if not self.check_purity:
            return fold(decider, state, (s.event for s in stored))
        evolve = checked_evolve(decider)          # tests: one event at a time, checked
        for one in stored:
            state = evolve(state, one.event)
        return state

    def read_many(self, decider: Decider, stream_ids: list[str]) -> dict[str, Any]:
        """The folded states of many streams of one aggregate (cached, then caught up
        with one ``read_many`` of the store)."""
        stream_ids = [decider.checked(sid) for sid in stream_ids]
        cached = {sid: self.cache.get(decider.name, sid) for sid in stream_ids}
        newer = self.events.read_many({sid: c[0] if c else 0 for sid, c in cached.items()})
        states = {}
        for sid in stream_ids:
            hit = cached[sid]
            version, state = hit if hit else (0, decider.initial())
            state = self._fold(decider, state, newer[sid])
            if newer[sid]:
                version = newer[sid][-1].version
                self.cache.put(decider.name, sid, version, state)
            states[sid] = state
        return states

    # -- writes ------------------------------------------------------------
    def run(self, work: Callable[[UnitOfWork], Reply], *,
            idempotency: IdempotencyRequest | None = None,
            meta: dict[str, Any] | None = None) -> Reply:
        try:
            return self._run(work, idempotency, meta)
        finally:
            read_scope.forget()     # within a read's answer, later reads see this write

    def _run(self, work: Callable[[UnitOfWork], Reply], idempotency: IdempotencyRequest | None,
             meta: dict[str, Any] | None) -> Reply:
        # A repeated key is found by the commit itself (the reply's record is written in
        # the same atomic append, on the condition that the key is new): a first request
        # pays no read for it, and a repeat that reaches the store is answered with the
        # stored reply below. Work is pure (decide and append), so running it again for a
        # repeat changes nothing.
        for attempt in range(MAX_ATTEMPTS):
            # The first attempt starts from what this request already read of a stream
            # (its caller's tournament, read to authenticate it): the commit is checked
            # against those versions, so a stream that moved on fails it and the retry
            # reads the store afresh (read_scope.py).
            loader = self.read_stream if attempt == 0 else self._read_stream
            uow = UnitOfWork(loader, self.clock(), dict(meta or {}),
                             checked_evolve if self.check_purity else None, self.read_many,
                             self.events.tally)
            try:
                reply = work(uow)
                if uow.has_events():
                    for check in self.before_commit:
                        check(uow)
            except DomainError as exc:
                # A request with the same key may have committed before (what it wrote,
                # e.g. the token its key derives, then refuses this run): its reply is this
                # request's reply too, and the repeat is no failed guess.
                if idempotency is not None:
                    replay = self._replay(idempotency)
                    if replay is not None:
                        return replay
                refused = uow.refusal_tallies(exc.code)
                if refused:          # a failed guess: counted although nothing else is
                    self.events.append_batch([], None, refused)
                for check in self.before_commit:    # a refusal of a tournament held
                    check(uow, refused=True)        # elsewhere says so first
                raise
            if not uow.has_events() and idempotency is None:
                return reply
            written = uow.written()
            if written:     # what a read must wait for to see this write (positions.py)
                reply = Reply(reply.status, reply.body,
                              {**reply.headers, positions.HEADER: positions.encode(written)})
            record = None
            if idempotency is not None:
                record = IdempotencyRecord(idempotency.key, idempotency.fingerprint,
                                           reply.status, reply.body, dict(reply.headers))
            try:
                stored = self.events.append_batch(uow.writes(), record, uow.tallies())
            except ConcurrencyConflict:
                # full jitter, exponential, capped: many writers on one stream spread out
                time.sleep(random.uniform(0, min(MAX_BACKOFF_SECONDS, 0.001 * 2 ** attempt)))
                if idempotency is not None:     # the winner may be this very request
                    replay = self._replay(idempotency)
                    if replay is not None:
                        return replay
                continue
            except (ItemTooLarge, CommitBytesTooLarge) as exc:   # nothing was written
                raise too_large(exc) from exc
            except CommitTooLarge as exc:   # nothing was written: a refusal, not a 500
                raise Invalid(
                    f"this command records more than one atomic commit of the store holds "
                    f"({exc.items} items, at most {exc.limit}): run the event in smaller "
                    "flights (e.g. fewer draft pods per tournament)",
                    {"items": exc.items, "limit": exc.limit}, code="commit_too_large") from exc
            except IdempotencyKeyTaken:     # raised only for a keyed request
                replay = self._replay(idempotency) if idempotency is not None else None
                if replay is not None:
                    return replay
                continue
            read_scope.forget()     # what runs after the commit (reactions) reads it
            for decider_name, stream_id, version, state in uow.new_states():
                self.cache.put(decider_name, stream_id, version, state)
            for hook in self.after_commit:
                hook(stored)
            return reply
        raise ServiceBusy("too many concurrent changes; nothing was recorded, try again")

    def rehearse(self, work: Callable[[UnitOfWork], Reply], *,
                 idempotency: IdempotencyRequest | None = None,
                 meta: dict[str, Any] | None = None) -> None:
        """Run ``work`` on a unit of work that is never committed, so the domain's refusals
        surface before a step that must commit on its own; nothing is recorded either way.
        Skipped for a request already answered under ``idempotency``: its replay decides."""
        if idempotency is not None and self.events.idempotency(idempotency.key) is not None:
            return
        uow = UnitOfWork(self._read_stream, self.clock(), dict(meta or {}),
                         checked_evolve if self.check_purity else None, self.read_many,
                         self.events.tally)
        work(uow)
        try:        # an event no store would take is refused here too, before any step
            check_writes(uow.writes())
        except (ItemTooLarge, CommitBytesTooLarge) as exc:
            raise too_large(exc) from exc

    def _replay(self, idempotency: IdempotencyRequest) -> Reply | None:
        stored = self.events.idempotency(idempotency.key)
        if stored is None:
            return None
        if stored.fingerprint != idempotency.fingerprint:
            raise IdempotencyMismatch(
                "this Idempotency-Key was already used with a different request",
                {"hint": "use a new key for a new request"})
        return Reply(stored.status, stored.body,
                     {**stored.headers, "Idempotent-Replayed": "true"})


def too_large(exc: ItemTooLarge | CommitBytesTooLarge) -> Invalid:
    """The 422 of an event over the store's item limit, or of events together over its
    transaction's (nothing was written)."""
    advice = ("run the event in smaller flights (e.g. fewer players or pods per tournament, "
              "or product collated from the seed rather than entered per player)")
    if isinstance(exc, CommitBytesTooLarge):
        return Invalid(
            f"this command records more than one atomic commit of the store holds "
            f"({exc.items} events, {exc.size} bytes stored, at most {exc.limit}, DynamoDB's "
            f"transaction limit): {advice}",
            {"events": exc.items, "bytes": exc.size, "limit": exc.limit},
            code="commit_too_large")
    if isinstance(exc, EventJsonTooLarge):
        what = (f"an event larger than a reply can carry (event {exc.event_type} of "
                f"{exc.stream_id}: {exc.size} bytes of JSON, at most {exc.limit}, so that a "
                "page of it stays under a 6 MB reply)")
    else:
        what = (f"more than one atomic commit of the store holds (event {exc.event_type} of "
                f"{exc.stream_id}: {exc.size} bytes stored, at most {exc.limit}, DynamoDB's "
                "item limit)")
    return Invalid(f"this command records {what}: {advice}",
                   {"stream": exc.stream_id, "event_type": exc.event_type, "bytes": exc.size,
                    "limit": exc.limit}, code="commit_too_large")


class ImpureEvolve(AssertionError):
    """An evolve changed the state it was given; cached states would be corrupted."""


def checked_evolve(decider: Decider) -> Callable[[Any, Event], Any]:
    """``decider.evolve`` that fails if it mutates its input (tests turn this on)."""
    def evolve(state: Any, event: Event) -> Any:
        before = repr(state)
        new_state = decider.evolve(state, event)
        if repr(state) != before:
            raise ImpureEvolve(f"{decider.name}.evolve mutated its input on {event.type}")
        return new_state
    return evolve
