"""The local Web Push delivery thread: the projection wakes it when it queues a delivery;
it drains what is due, sleeps until the next retry and stops when idle (deployed, a
schedule runs ``worker.run_scheduled``). Delivery never runs inside a command."""
from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)
IDLE_SECONDS = 3.0
_lock = threading.Lock()
_wake = threading.Event()
_thread: threading.Thread | None = None
# drains what is due; returns the seconds until the next retry (None: nothing queued)
_runner: Callable[[], float | None] | None = None


def set_runner(runner: Callable[[], float | None] | None) -> None:
    """The runtime sets ``worker.drain`` over itself (``runtime.assemble``)."""
    global _runner
    _runner = runner


def enabled() -> bool:
    store = os.environ.get("PODIUM_STORE", "sqlite")
    mode = os.environ.get("PODIUM_PROJECTION", "inline" if store == "sqlite" else "stream")
    return os.environ.get("PODIUM_PUSH_INLINE", "1" if mode == "inline" else "0") != "0"


def kick() -> None:
    """Called by the ``wake-push-worker`` reaction once the views that queued deliveries
    committed (``reactions/registry.py``)."""
    global _thread
    if _runner is None or not enabled():
        return
    with _lock:
        _wake.set()
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_loop, name="podium-push", daemon=True)
            _thread.start()


def _loop() -> None:
    global _thread
    idle, wait = 0.0, 0.02          # let the projector commit the views that woke us
    while True:
        woke = _wake.wait(timeout=wait)
        _wake.clear()
        try:
            next_due = _runner() if _runner is not None else None
        except Exception:  # noqa: BLE001 - logged; the next wake or retry tries again
            log.exception("web push delivery failed; retrying later")
            next_due = 1.0
        idle = 0.0 if woke or next_due is not None else idle + wait
        if next_due is None and idle >= IDLE_SECONDS:
            with _lock:
                if not _wake.is_set():
                    _thread = None
                    return
        wait = 0.25 if next_due is None else min(max(next_due, 0.01), 1.0)
