"""The in-process webhook delivery thread for local runs (``waker.DeliveryThread``): the
``wake-webhook-worker`` reaction wakes it when the projection queued a delivery. In AWS
(``PODIUM_PROJECTION=stream``) nothing runs here: a schedule drives the worker."""
from __future__ import annotations

import os

from .waker import DeliveryThread


def enabled() -> bool:
    store = os.environ.get("PODIUM_STORE", "sqlite")
    mode = os.environ.get("PODIUM_PROJECTION", "inline" if store == "sqlite" else "stream")
    return mode == "inline" and os.environ.get("PODIUM_WEBHOOK_INLINE", "1") != "0"


THREAD = DeliveryThread("podium-webhooks", "webhook delivery", enabled)
set_runner = THREAD.set_runner
kick = THREAD.kick
