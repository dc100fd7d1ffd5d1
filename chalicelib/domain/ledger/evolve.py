"""The evolve function of the ledger aggregate (stream ``ledger-<fid>``)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .events import LedgerEventInvalidated, LedgerEventRecorded
from .rating import entries_of
from .state import LedgerState


def _recorded(event: LedgerEventRecorded) -> dict[str, Any]:
    return {"record": event.record, "version": event.version, "invalidated": False,
            "reason": None}


def _action(event: Any) -> str:
    if isinstance(event, LedgerEventInvalidated):
        return "invalidated"
    return "recorded" if event.version == 1 else "corrected"


def _changed(held: dict[str, Any] | None, event: Any) -> tuple[str, dict[str, Any]] | None:
    """(event id, what ``records`` holds for it after ``event``), None for another event."""
    if isinstance(event, LedgerEventRecorded):
        return event.record["event_id"], _recorded(event)
    if isinstance(event, LedgerEventInvalidated):
        assert held is not None
        return event.event_id, {**held, "invalidated": True, "reason": event.reason}
    return None


def _entries(held: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    return entries_of(held["record"], held["invalidated"]) if held is not None else {}


def _feed_entries(start: int, event_id: str, event: Any) -> list[dict[str, Any]]:
    return [{"seq": start + i, "at": event.at, "event_id": event_id,
             "action": _action(event), **change}
            for i, change in enumerate(event.changes, start=1)]


def evolve(state: LedgerState, event: Any) -> LedgerState:
    return evolve_many(state, [event])


def evolve_many(state: LedgerState, events: Iterable[Any]) -> LedgerState:
    """``state`` after ``events``, as folding them one by one with ``evolve`` gives it,
    but copying each shard of the member index and the maps once for all of them (a
    ledger of 10,000 events loads in one pass)."""
    records: dict[str, dict[str, Any]] = {}         # changed here, over state.records
    feed: list[dict[str, Any]] = []
    index = state.by_member.builder()
    for event in events:
        event_id = event.record["event_id"] if isinstance(event, LedgerEventRecorded) \
            else getattr(event, "event_id", None)
        held = records.get(event_id) or state.records.get(event_id) \
            if event_id is not None else None
        change = _changed(held, event)
        if change is None:
            continue
        event_id, now = change
        index.replace(event_id, list(_entries(held)), _entries(now))
        records[event_id] = now
        feed += _feed_entries(len(state.feed) + len(feed), event_id, event)
    if not records:
        return state
    return LedgerState(records=state.records.update(records), by_member=index.build(),
                       feed=state.feed.extend(feed))
