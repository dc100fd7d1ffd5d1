"""The audit log's hash chain and manifest, computed as the log is served (see
``domain/audit_chain.py``): each shown event carries its ``chain``; the first page
carries the manifest of every audited stream's head and its signature."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..domain import audit_chain
from ..domain.version import PODIUM_VERSION
from ..projections.queries.tournaments import streams_kind
from .reads import Reads

Show = Callable[[Any], dict[str, Any]]
BATCH = 2000


def chained(reads: Reads, events: list[Any], show: Show) -> list[dict[str, Any]]:
    """The page's events as shown, each with its chain; a stream the page enters in the
    middle is chained from its earlier events."""
    out, previous, stream = [], audit_chain.GENESIS, None
    for event in events:
        if event.stream_id != stream:
            stream = event.stream_id
            previous = _head_before(reads, stream, event.version, show)
        shown = show(event)
        previous = audit_chain.link(previous, audit_chain.content(shown))
        out.append({**shown, "chain": previous})
    return out


def _head_before(reads: Reads, stream_id: str, version: int, show: Show) -> str:
    head = audit_chain.GENESIS
    for event in _stream(reads, stream_id, until=version - 1):
        head = audit_chain.link(head, audit_chain.content(show(event)))
    return head


def _stream(reads: Reads, stream_id: str, until: int | None = None) -> Iterator[Any]:
    """The stream's events in order (up to version ``until``), read in batches."""
    after = 0
    while until is None or after < until:
        batch = reads.service.events.read(stream_id, after, limit=BATCH)
        for event in batch:
            if until is not None and event.version > until:
                return
            yield event
        if len(batch) < BATCH:
            return
        after = batch[-1].version


def heads(reads: Reads, tid: str, audited: Callable[[str], bool],
          show: Show) -> dict[str, tuple[int, int, str]]:
    """Every audited stream of the tournament: (last version, events, chain head)."""
    out: dict[str, tuple[int, int, str]] = {}
    after = None
    while True:
        batch = reads.views.list(streams_kind(tid), after=after, limit=100)
        if not batch:
            return out
        after = batch[-1].sort
        wanted = [v.doc["stream_id"] for v in batch if audited(v.doc["stream_id"])]
        # a hundred streams at a time, in parallel where the store can (DynamoDB)
        for stream_id, events in reads.service.events.read_many(
                {s: 0 for s in wanted}).items():
            head = audit_chain.GENESIS
            for event in events:
                head = audit_chain.link(head, audit_chain.content(show(event)))
            if events:
                out[stream_id] = (events[-1].version, len(events), head)


def manifest(reads: Reads, state: Any, card_sets: dict[str, Any], audited: Callable[[str], bool],
             show: Show) -> dict[str, Any]:
    return audit_chain.manifest(state.id, state.seed_sha256, card_sets,
                                heads(reads, state.id, audited, show),
                                PODIUM_VERSION)
