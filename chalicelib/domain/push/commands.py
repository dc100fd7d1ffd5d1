"""The commands of the push-subscriptions aggregate (stream ``push-<tid>-<pid>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Subscribe:
    """Register a Web Push subscription (endpoint and keys) for a player."""

    subscription_id: str
    endpoint: str
    p256dh: str
    auth: str
    now: str


@dataclass(frozen=True)
class Unsubscribe:
    """Drop a Web Push subscription (the player's, or answered 404/410)."""

    subscription_id: str
    reason: str
    now: str
