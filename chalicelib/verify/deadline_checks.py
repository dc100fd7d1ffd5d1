"""Deadlines re-derived from the clock settings, not trusted as recorded.

A Swiss round's deadline (``RoundPaired.ends_at``) is the pairing's time plus the
round's time limit (``round_minutes`` of the settings the Swiss stream started with); a
top cut's (``TopCutStarted.ends_at``) its start plus the cut's limit
(``clock.deadlines.limit_minutes``: ``top_cut_minutes``, ``final_minutes`` for a cut of one
round). Those events do not record the moment the command was decided, only when the
store wrote them (``recorded_at``, a moment later), so the recorded deadline must lie
within ``SLACK_SECONDS`` before the one derived from ``recorded_at``: a deadline moved
later (any amount) or earlier (by more than that) is named, and so is a deadline on an
untimed round or none on a timed one. Drafts record the time their deadlines run from
(``at``), and are re-derived exactly by their own checks."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from ..domain.clock.deadlines import limit_minutes
from ..domain.swiss.clock import deadline
from .findings import Difference, Finding, Recorded

SLACK_SECONDS = 60     # a unit of work's decision to its write (API Gateway: 29 s)


def _time(value: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None


def within(event: Recorded, field: str, derived: str | None,
           why: str) -> list[Finding]:
    """The recorded deadline ``field`` against ``derived`` (from ``recorded_at``)."""
    recorded = event.data.get(field)
    if derived is None or recorded is None:
        if derived == recorded:
            return []
        return [Difference(event, field, recorded, f"{derived} ({why})")]
    late, early = _time(recorded), _time(derived)
    if late is None or early is None:
        return [Difference(event, field, recorded, f"{derived} ({why})")]
    ahead = (early - late).total_seconds()
    if 0 <= ahead <= SLACK_SECONDS:
        return []
    return [Difference(event, field, recorded, f"{derived} ({why}, less at most "
                                               f"{SLACK_SECONDS} s from deciding to writing)")]


def round_deadline(state: Any, event: Recorded) -> list[Finding]:
    minutes = dict(state.settings).get("round_minutes")
    return within(event, "ends_at", deadline(event.recorded_at or "", minutes),
                  f"recorded at + round_minutes {minutes}")


def cut_deadline(state: Any, event: Recorded) -> list[Finding]:
    rounds = event.data.get("rounds") or []
    first = rounds[0][0]["id"] if rounds and rounds[0] else "C1-1"
    minutes = limit_minutes(dict(state.settings), first, final=len(rounds) == 1)
    return within(event, "ends_at", deadline(event.recorded_at or "", minutes),
                  f"recorded at + the cut's time limit {minutes}")
