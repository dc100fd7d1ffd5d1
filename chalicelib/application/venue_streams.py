"""What a venue transfer reads of the event store: a tournament's streams (its own and
the token streams of its players, judges and organizer), each stream's chain head, the
round tallies, and stored events as transfer records (``domain/venue/transfer.py``)."""
from __future__ import annotations

import threading
from typing import Any

from ..domain import streams
from ..domain.venue import transfer
from ..store.ports import StoredEvent, Tally
from ..store.venue_listing import listed
from ..store.venue_transfer import tally_members

_TALLIED = {"match": streams.swiss_round_tally, "table": streams.tables_round_tally}


def record(event: StoredEvent) -> dict[str, Any]:
    return {"stream_id": event.stream_id, "version": event.version, "type": event.type,
            "data": event.data, "meta": event.meta, "event_id": event.event_id,
            "recorded_at": event.recorded_at}


def stored(rec: dict[str, Any]) -> StoredEvent:
    return StoredEvent(rec["stream_id"], int(rec["version"]), rec["type"], rec["data"],
                       rec["meta"], rec["event_id"], rec["recorded_at"])


CREDENTIAL_KINDS = ("token", "keys")


def token_tournament(event: StoredEvent) -> str | None:
    """The tournament a credential stream's first event belongs to: a token issued for a
    player or a judge of it, a judge's key record; None for any other."""
    if event.type == "KeyIssued":
        return event.data.get("tournament_id")
    principal = event.data.get("principal") if event.type == "TokenIssued" else None
    return principal.get("tournament_id") if isinstance(principal, dict) else None


def belongs(event: StoredEvent, tid: str, organizer_id: str) -> bool:
    """Whether a stream whose first event is ``event`` goes with tournament ``tid``."""
    if streams.tournament_of(event.stream_id) == tid:
        return True
    if streams.kind_of(event.stream_id) == "keys" and event.type == "KeyIssued":
        return event.data.get("tournament_id") == tid
    if streams.kind_of(event.stream_id) != "token" or event.type != "TokenIssued":
        return False
    principal = event.data.get("principal") or {}
    return principal.get("tournament_id") == tid or (
        principal.get("role") == "organizer" and principal.get("id") == organizer_id)


def tournament_streams(events: Any, tid: str, organizer_id: str) -> dict[str, int]:
    """Every stream of the tournament -> its version (a take-over or a reclaim, not every
    request): the streams named after it and the credential streams whose first event
    is of its people, listed without reading every event (store/venue_listing.py)."""
    versions, firsts = listed(events, tid)
    found = {sid: v for sid, v in versions.items() if streams.tournament_of(sid) == tid}
    for first in firsts:
        if belongs(first, tid, organizer_id):
            found[first.stream_id] = versions[first.stream_id]
    return found


def round_tallies(stream_ids: Any, tid: str) -> list[str]:
    """The names of the round tallies the match and table streams count in."""
    names = set()
    for sid in stream_ids:
        if streams.kind_of(sid) == "match" and (mid := streams.match_id_of(sid)):
            names.add(streams.swiss_round_tally(tid, int(mid[1:].split("-")[0])))
        elif (table := streams.table_of(sid)) is not None:
            names.add(streams.tables_round_tally(tid, table[0]))
    return sorted(names)


def tallies(events: Any, names: list[str]) -> list[Tally]:
    return [Tally(name, member) for name in names for member in tally_members(events, name)]


class Heads:
    """Each stream's chain head at a version, computed from the stored events and kept
    (a stream's stored events never change, so a head once computed stays true)."""

    def __init__(self) -> None:
        self._known: dict[tuple[int, str], tuple[int, str]] = {}
        self._lock = threading.Lock()

    def at(self, events: Any, stream_id: str, version: int) -> str:
        key = (id(events), stream_id)
        with self._lock:
            known_version, head = self._known.get(key, (0, transfer.GENESIS))
        if known_version > version:
            known_version, head = 0, transfer.GENESIS
        if version > known_version:
            more = events.read(stream_id, after=known_version, limit=version - known_version)
            if len(more) != version - known_version:
                raise LookupError(f"{stream_id} has no version {version}")
            head = transfer.head([record(e) for e in more], head)
            with self._lock:
                if self._known.get(key, (0, ""))[0] < version:
                    self._known[key] = (version, head)
        return head


    def note(self, events: Any, stream_id: str, version: int, head: str) -> None:
        """A head known otherwise (a transfer's checked chain): kept as computed."""
        key = (id(events), stream_id)
        with self._lock:
            if self._known.get(key, (0, ""))[0] < version:
                self._known[key] = (version, head)


HEADS = Heads()
