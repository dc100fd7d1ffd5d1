"""Retry schedule: exponential backoff, bounded attempts."""
from __future__ import annotations

MAX_ATTEMPTS = 8
MAX_DELAY_SECONDS = 3600.0


def next_attempt_delay(attempt: int, base_seconds: float) -> float | None:
    """Seconds to wait after failed attempt number ``attempt`` (1-based): base, 2 x base,
    4 x base... capped at an hour; None when that was the last attempt."""
    if attempt >= MAX_ATTEMPTS:
        return None
    return min(base_seconds * float(2 ** (attempt - 1)), MAX_DELAY_SECONDS)
