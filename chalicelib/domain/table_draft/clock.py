"""Time as deciders see it: commands carry ``now``; events store ISO-8601 UTC strings."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

Moment = datetime | str | int | float       # what these functions accept as a time


def as_datetime(value: datetime | str | int | float) -> datetime:
    """An aware UTC datetime from a datetime, an ISO string or epoch seconds."""
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if isinstance(value, (int, float)):
        return datetime.fromtimestamp(value, tz=UTC)
    parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def iso(value: datetime | str | int | float) -> str:
    return as_datetime(value).astimezone(UTC).isoformat().replace("+00:00", "Z")


def plus(value: datetime | str | int | float, seconds: int) -> str:
    return iso(as_datetime(value) + timedelta(seconds=seconds))


def deadline(value: datetime | str | int | float, seconds: int | None) -> str | None:
    """``value`` + ``seconds``, or None for an untimed pick (``seconds`` None or 0)."""
    return plus(value, seconds) if seconds else None


def reached(now: datetime | str | int | float, deadline: str | None) -> bool:
    """True when ``deadline`` is set and ``now`` is at or after it."""
    return deadline is not None and as_datetime(now) >= as_datetime(deadline)
