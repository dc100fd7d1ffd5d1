"""The audit log's hash chain and manifest (see ``domain/audit_chain.py``): each shown
event carries the link recorded with it when it was written (``store/chaining.py``);
an event written before links were recorded, on a stream not appended to since, has
its link derived as the store would derive it (``audit_seal.links``). The first page
carries the manifest of every audited stream's head and its signature."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..domain import audit_chain, audit_seal
from ..domain.version import PODIUM_VERSION
from ..projections.queries.tournaments import streams_kind
from .reads import Reads

Show = Callable[[Any], dict[str, Any]]
BATCH = 2000


def chained(reads: Reads, events: list[Any], show: Show,
            legacy_key: str) -> list[dict[str, Any]]:
    """The page's events as shown, each with its link; an unrecorded link of a stream the
    page enters in the middle is derived from its earlier events."""
    out: list[dict[str, Any]] = []
    previous: str | None = None
    stream = ""
    for event in events:
        if event.stream_id != stream:
            stream, previous = event.stream_id, None
        if event.chain is None and previous is None:
            previous = _head_before(reads, stream, event.version, legacy_key)
        previous = audit_seal.links([event], legacy_key, previous or audit_chain.GENESIS)[0]
        out.append({**show(event), "chain": previous})
    return out


def _head_before(reads: Reads, stream_id: str, version: int, legacy_key: str) -> str:
    head = audit_chain.GENESIS
    for event in _stream(reads, stream_id, until=version - 1):
        head = audit_seal.links([event], legacy_key, head)[0]
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
          legacy_key: str) -> dict[str, tuple[int, int, str]]:
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
            if events:
                head = events[-1].chain or audit_seal.links(events, legacy_key)[-1]
                out[stream_id] = (events[-1].version, len(events), head)


def manifest(reads: Reads, state: Any, card_sets: dict[str, Any], audited: Callable[[str], bool],
             legacy_key: str) -> dict[str, Any]:
    return audit_chain.manifest(state.id, state.seed_sha256, card_sets,
                                heads(reads, state.id, audited, legacy_key),
                                PODIUM_VERSION)
