"""The events of the push-subscriptions aggregate (stream ``push-<tid>-<pid>``)."""
from __future__ import annotations

from typing import Any

from ..events import Event, event


@event
class PushSubscribed(Event):
    subscription_id: str
    endpoint: str
    p256dh: str
    auth: str
    at: str


@event
class PushUnsubscribed(Event):
    subscription_id: str
    reason: str                    # "player", or "gone" (the push service said 404/410)
    at: str


@event
class PushBatchAttempted(Event):
    """Each result: {delivery_id, subscription_id, player_id, attempt, ok, status,
    outcome (delivered, retrying, failed, gone, expired), next_attempt_at}."""

    results: list[dict[str, Any]]
    at: str
