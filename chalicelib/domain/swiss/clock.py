"""Round deadlines from the command's ``now`` (no clock is read here)."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta


def deadline(now: str | float, minutes: int | None) -> str | None:
    if minutes is None:
        return None
    if isinstance(now, (int, float)):
        start = datetime.fromtimestamp(now, tz=UTC)
    else:
        try:
            start = datetime.fromisoformat(now)
        except ValueError:
            return None
    return (start + timedelta(minutes=minutes)).isoformat()
