"""V:EKN 3.3 reads the round's check-in: a player who had not checked in for the round
(or been marked present by the staff) when the round began is late; one still not there
15 minutes after the start receives the Loss. A check-in after that does not undo it:
the player did not arrive in time."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from ..domain.checkin import CHECKIN, scope_of
from . import sources


def _time(iso: str) -> datetime:
    return datetime.fromisoformat(iso.replace("Z", "+00:00"))


def checked_in(source: Any, tid: str, number: int) -> dict[str, str]:
    """player -> when they checked in for round ``number`` (themselves or the staff)."""
    state = sources.state(source, CHECKIN, tid)
    return {pid: found["at"] for pid, found in state.scope(scope_of(number)).present.items()}


def in_time(arrived: str | None, deadline: str | None) -> bool:
    """Arrived (checked in) at or before ``deadline``."""
    return arrived is not None and deadline is not None and _time(arrived) <= _time(deadline)


def late(seated: list[str], present: set[str], arrived: dict[str, str],
         starts_at: str | None, now: str) -> list[dict[str, Any]]:
    """The seated players not checked in (nor marked present) when the round began, once
    it has: each with when they checked in since (None: not yet)."""
    if starts_at is None or _time(now) < _time(starts_at):
        return []
    return [{"player_id": p, "checked_in_at": arrived.get(p)} for p in seated
            if p not in present and not in_time(arrived.get(p), starts_at)]
