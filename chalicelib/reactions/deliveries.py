"""Webhook deliveries: the projection queues a due delivery and signals it; locally this
wakes the in-process delivery thread (in AWS a schedule drives the worker instead)."""
from __future__ import annotations

from ..projections.signals import PUSH_DUE
from ..projections.signals import WEBHOOK_DUE as DUE_SIGNAL
from ..store.ports import StoredEvent

__all__ = ["DUE_SIGNAL", "PUSH_DUE", "wake_push_worker", "wake_worker"]


def wake_worker(ctx, events: list[StoredEvent]) -> None:
    from ..webhooks.inline import kick
    kick()


def wake_push_worker(ctx, events: list[StoredEvent]) -> None:
    """A Web Push delivery is due: wake the local push thread (deployed: scheduled)."""
    from ..push.inline import kick
    kick()
