"""The commands of the webhook-delivery aggregate (stream ``webhook-<id>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RecordAttempt:
    """Record one delivery attempt: its answer, and the backoff before the next."""

    delivery_id: str
    endpoint_id: str
    organizer_id: str
    attempt: int
    ok: bool
    status_code: int | None
    error: str | None
    now: str
    backoff_base_seconds: float
    give_up: bool = False      # e.g. the endpoint was removed
    signed_with: tuple[int, ...] = ()
