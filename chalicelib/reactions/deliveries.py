"""Webhook deliveries: the projection queues a due delivery and signals it; locally this
wakes the in-process delivery thread (in AWS a schedule drives the worker instead)."""
from __future__ import annotations

from ..projections.signals import WEBHOOK_DUE as DUE_SIGNAL
from ..store.ports import StoredEvent

__all__ = ["DUE_SIGNAL", "wake_worker"]


def wake_worker(ctx, events: list[StoredEvent]) -> None:
    from ..webhooks.inline import kick
    kick()
