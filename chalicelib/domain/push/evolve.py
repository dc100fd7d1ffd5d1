"""The evolve function of the push-subscriptions aggregate (stream ``push-<tid>-<pid>``)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from .events import PushSubscribed, PushUnsubscribed
from .state import Subscriptions


def evolve(state: Subscriptions, e: Event) -> Subscriptions:
    if isinstance(e, PushSubscribed):
        return replace(state, active={**state.active, e.subscription_id: {
            "endpoint": e.endpoint, "p256dh": e.p256dh, "auth": e.auth, "at": e.at}})
    if isinstance(e, PushUnsubscribed):
        return replace(state, active={k: v for k, v in state.active.items()
                                      if k != e.subscription_id})
    return state
