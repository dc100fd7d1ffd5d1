"""The ledger's state: every recorded event, each member's entries, the feed of rating
changes. Persistent maps, so that folding one more event touches only its players."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyrsistent import PMap, PVector, pmap, pvector

from .events import LedgerEventInvalidated, LedgerEventRecorded
from .index import MemberIndex
from .rating import entries_of


@dataclass(frozen=True)
class LedgerState:
    # event id -> {record, version, invalidated}
    records: PMap[str, dict[str, Any]] = field(default_factory=pmap)
    by_member: MemberIndex = field(default_factory=MemberIndex)  # member -> its entries
    feed: PVector[Any] = field(default_factory=pvector)   # rating changes, oldest first

    def entries(self, member: str) -> list[dict[str, Any]]:
        return list(self.by_member.get(member))

    def counting_records(self) -> list[dict[str, Any]]:
        """Records whose results count (not invalidated, not excluded)."""
        from .records import exclusions
        return [r["record"] for r in self.records.values()
                if not exclusions(r["record"], r["invalidated"])]


def _place(state: LedgerState, event_id: str, new: dict[str, dict[str, Any]]) -> MemberIndex:
    """``by_member`` with the event's entries replaced by ``new``."""
    old = state.records.get(event_id)
    before = list(entries_of(old["record"], old["invalidated"])) if old is not None else []
    return state.by_member.replaced(event_id, before, new)


def _feed(state: LedgerState, event_id: str, action: str, at: str,
          changes: list[dict[str, Any]]) -> PVector[Any]:
    feed = state.feed
    for change in changes:
        feed = feed.append({"seq": len(feed) + 1, "at": at, "event_id": event_id,
                            "action": action, **change})
    return feed


def evolve(state: LedgerState, event: Any) -> LedgerState:
    if isinstance(event, LedgerEventRecorded):
        eid = event.record["event_id"]
        return LedgerState(
            records=state.records.set(eid, {"record": event.record, "version": event.version,
                                            "invalidated": False, "reason": None}),
            by_member=_place(state, eid, entries_of(event.record)),
            feed=_feed(state, eid, "recorded" if event.version == 1 else "corrected",
                       event.at, event.changes))
    if isinstance(event, LedgerEventInvalidated):
        held = state.records[event.event_id]
        return LedgerState(
            records=state.records.set(event.event_id, {**held, "invalidated": True,
                                                       "reason": event.reason}),
            by_member=_place(state, event.event_id, entries_of(held["record"], True)),
            feed=_feed(state, event.event_id, "invalidated", event.at, event.changes))
    return state
