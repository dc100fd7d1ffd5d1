"""The evolve function of the webhook-delivery aggregate (stream ``webhook-<id>``)."""
from __future__ import annotations

from dataclasses import replace

from ...events import Event
from ..events import WebhookAttempted
from .state import DeliveryState


def evolve(state: DeliveryState, event: Event) -> DeliveryState:
    if isinstance(event, WebhookAttempted):
        return replace(state, attempts=event.attempt, outcome=event.outcome,
                       next_attempt_at=event.next_attempt_at)
    return state
