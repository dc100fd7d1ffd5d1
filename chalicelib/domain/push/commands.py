"""The commands of the push-subscriptions aggregate (stream ``push-<tid>-<pid>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Subscribe:
    subscription_id: str
    endpoint: str
    p256dh: str
    auth: str
    now: str


@dataclass(frozen=True)
class Unsubscribe:
    subscription_id: str
    reason: str
    now: str
