"""The audit chain recorded with each event when it is appended (both adapters): the
event gets its own random salt key (meta ``salt``: the salts of the fields its sealed
form withholds, ``domain/audit_seal.py``) and its chain link from the link of the event
before it, in the same atomic commit as the event itself.

Events written before links were recorded have none: the first append to such a stream
derives the links of its earlier events once (``audit_seal.links``, with the
deployment's token secret as their salt key, as the audit log has always salted them)
and records them beside it; a link once recorded is never rewritten."""
from __future__ import annotations

import secrets
import threading
import uuid
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import replace

from ..domain import audit_chain, audit_seal
from .ports import NewEvent, StoredEvent, StreamWrite


class Chainer:
    """What an adapter needs to chain its appends; ``legacy_key``: the token secret,
    set by the runtime (``assemble``), for events written before links were recorded."""

    def __init__(self, legacy_key: str = ""):
        self.legacy_key = legacy_key

    def stamp(self, write: StreamWrite, previous: str | None,
              recorded_at: str) -> list[StoredEvent]:
        """The write's events as stored: each with its salt key and its link."""
        out = []
        link = previous if previous is not None else audit_chain.GENESIS
        for offset, event in enumerate(write.events, start=1):
            meta = _salted(event)
            version = write.expected_version + offset
            link = audit_seal.link_of(link, write.stream_id, version, event.type,
                                      event.data, meta, recorded_at, self.legacy_key)
            out.append(StoredEvent(write.stream_id, version, event.type, event.data, meta,
                                   uuid.uuid4().hex, recorded_at, link))
        return out

    def derive(self, events: list[StoredEvent]) -> list[StoredEvent]:
        """A stream's events (from its first, in order) each with its link: a recorded
        one kept, a missing one derived from the one before (once, when first needed)."""
        return [e if e.chain == link else replace(e, chain=link)
                for e, link in zip(events, audit_seal.links(events, self.legacy_key),
                                   strict=True)]


def _salted(event: NewEvent) -> dict:
    meta = dict(event.meta)
    if not isinstance(meta.get(audit_seal.META_SALT), str):
        meta[audit_seal.META_SALT] = secrets.token_hex(16)
    return meta


class KnownLinks:
    """A bounded map of the last known link of each stream, by (stream, version)."""

    def __init__(self, size: int = 10_000):
        self.size, self._lock = size, threading.Lock()
        self._map: OrderedDict[str, tuple[int, str]] = OrderedDict()   # stream -> (version, link)

    def get(self, stream_id: str, version: int) -> str | None:
        with self._lock:
            found = self._map.get(stream_id)
        return found[1] if found is not None and found[0] == version else None

    def keep(self, events: Iterable[StoredEvent]) -> None:
        with self._lock:
            for e in events:
                if e.chain is not None:
                    self._map[e.stream_id] = (e.version, e.chain)
                    self._map.move_to_end(e.stream_id)
            while len(self._map) > self.size:
                self._map.popitem(last=False)
