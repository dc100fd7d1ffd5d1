"""The local Web Push delivery thread (``webhooks/waker.DeliveryThread``): the
``wake-push-worker`` reaction wakes it when the projection queued a delivery (deployed, a
schedule runs ``worker.run_scheduled``). Delivery never runs inside a command."""
from __future__ import annotations

import os

from ..webhooks.waker import DeliveryThread


def enabled() -> bool:
    store = os.environ.get("PODIUM_STORE", "sqlite")
    mode = os.environ.get("PODIUM_PROJECTION", "inline" if store == "sqlite" else "stream")
    return os.environ.get("PODIUM_PUSH_INLINE", "1" if mode == "inline" else "0") != "0"


THREAD = DeliveryThread("podium-push", "web push delivery", enabled)
set_runner = THREAD.set_runner
kick = THREAD.kick
