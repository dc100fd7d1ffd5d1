"""Decide the federation's ledger: record an event's report (a Podium tournament's, or
one imported from elsewhere), correct it by recording it again, invalidate it. Each
event says which ratings it moved, as of the command's day, for the feed."""
from __future__ import annotations

import re
from datetime import date
from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Invalid, NotFound
from ..events import Event
from ..profiles.event_tier import CONTINENTS, TIERS
from .commands import InvalidateEvent, RecordEvent
from .events import LedgerEventInvalidated, LedgerEventRecorded
from .evolve import evolve
from .rating import entries_of, rating
from .records import GROUPS
from .state import LedgerState

DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _check(record: dict[str, Any]) -> None:
    problems = []
    if record.get("group") not in GROUPS:
        problems.append({"loc": "group", "msg": f"one of {', '.join(GROUPS)}"})
    if record.get("tier") not in TIERS:
        problems.append({"loc": "tier", "msg": f"one of {', '.join(TIERS)}"})
    if record.get("continent") not in (None, *CONTINENTS):
        problems.append({"loc": "continent", "msg": f"one of {', '.join(CONTINENTS)}"})
    day = record.get("date") or ""
    if not DAY.match(day):
        problems.append({"loc": "date", "msg": "YYYY-MM-DD"})
    else:
        try:
            date.fromisoformat(day)
        except ValueError:
            problems.append({"loc": "date", "msg": "not a day of the calendar"})
    if not record.get("players"):
        problems.append({"loc": "players", "msg": "an event has players"})
    if problems:
        raise Invalid("this event cannot enter the ledger", problems, code="invalid_event")
    if record["reported_at"][:10] < day:
        raise Invalid("reported before the event took place", {"date": day,
                      "reported_at": record["reported_at"]}, code="invalid_event")


def changes(before: LedgerState, after: LedgerState, members: set[str],
            groups: set[str], now: str) -> list[dict[str, Any]]:
    """Each touched member's rating, before and after, where it moved (sorted)."""
    day = date.fromisoformat(now[:10])
    out = []
    for member in sorted(members):
        for group in sorted(groups):
            old = rating(before.entries(member), group, day)["rating"]
            new = rating(after.entries(member), group, day)["rating"]
            if old != new:
                out.append({"member_id": member, "group": group, "before": old,
                            "after": new})
    return out


def _touched(state: LedgerState, event_id: str,
             new: dict[str, Any] | None) -> tuple[set[str], set[str]]:
    members, groups = set(), set()
    old = state.records.get(event_id)
    for held in (old["record"] if old else None, new):
        if held is not None:
            members |= set(entries_of(held))
            groups.add(held["group"])
    return members, groups


def decide(cmd: Any, state: LedgerState) -> list[Event]:
    if isinstance(cmd, RecordEvent):
        _check(cmd.record)
        eid = cmd.record["event_id"]
        held = state.records.get(eid)
        if held is not None and held["invalidated"]:
            raise Conflict("the federation invalidated this event (V:EKN 9.4): it stays "
                           "out of the ledger", {"event_id": eid}, code="event_invalidated")
        if held is not None and held["record"] == cmd.record:
            return []
        version = 1 if held is None else held["version"] + 1
        draft: Event = LedgerEventRecorded(record=cmd.record, version=version, changes=[],
                                    by=cmd.by, at=cmd.now)
        members, groups = _touched(state, eid, cmd.record)
        moved = changes(state, evolve(state, draft), members, groups, cmd.now)
        return [LedgerEventRecorded(record=cmd.record, version=version, changes=moved,
                                    by=cmd.by, at=cmd.now)]
    if isinstance(cmd, InvalidateEvent):
        held = state.records.get(cmd.event_id)
        if held is None:
            raise NotFound(f"event {cmd.event_id} is not in the ledger",
                           code="ledger_event_not_found")
        if held["invalidated"]:
            return []
        if not cmd.reason.strip():
            raise Invalid("say why the event is invalidated", {"loc": "reason"})
        draft = LedgerEventInvalidated(event_id=cmd.event_id, reason=cmd.reason, changes=[],
                                       by=cmd.by, at=cmd.now)
        members, groups = _touched(state, cmd.event_id, None)
        moved = changes(state, evolve(state, draft), members, groups, cmd.now)
        return [LedgerEventInvalidated(event_id=cmd.event_id, reason=cmd.reason,
                                       changes=moved, by=cmd.by, at=cmd.now)]
    unknown_command("ledger", cmd)
