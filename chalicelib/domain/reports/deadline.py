"""Reporting status of a tournament against the V:EKN deadlines."""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

DUE_DAYS = 8            # V:EKN 9.2: due within eight days of the conclusion
NOT_RECEIVED_DAYS = 14  # 9.2: then listed "Not Received" for fourteen days
DELINQUENT_DAYS = 30    # 9.3: "Delinquent" up to thirty days; later "Invalid" (9.4, 9.5)


def _at(value: str) -> datetime:
    return datetime.fromisoformat(value)


def reporting_status(finished_at: str | None, received_at: str | None,
                     now: str) -> dict[str, Any]:
    """``status`` is one of: ``not_finished``, ``due`` (inside the eight days),
    ``not_received`` (late, days 9-14), ``delinquent`` (days 15-30), ``invalid`` (past
    thirty days: the V:EKN "reserves the right to invalidate" it, 9.4, and lists it as
    "Invalid", 9.5), ``received``. ``now`` comes from the caller's clock."""
    if finished_at is None:
        return {"status": "not_finished", "due_at": None, "received_at": None,
                "late": False, "days_since_end": None}
    end = _at(finished_at)
    due = end + timedelta(days=DUE_DAYS)
    if received_at is not None:
        return {"status": "received", "due_at": due.isoformat(), "received_at": received_at,
                "late": _at(received_at) > due,
                "days_since_end": (_at(received_at) - end).days}
    days = (_at(now) - end).days
    elapsed = _at(now) - end
    if elapsed <= timedelta(days=DUE_DAYS):
        status = "due"
    elif elapsed <= timedelta(days=NOT_RECEIVED_DAYS):
        status = "not_received"
    elif elapsed <= timedelta(days=DELINQUENT_DAYS):
        status = "delinquent"
    else:
        status = "invalid"
    return {"status": status, "due_at": due.isoformat(), "received_at": None,
            "late": status != "due", "days_since_end": days}
