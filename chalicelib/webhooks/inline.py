"""The in-process delivery thread for local runs: the projector wakes it when it queues a
delivery; it drains what is due, sleeps until the next retry, and stops when idle.
In AWS (``PODIUM_PROJECTION=stream``) nothing runs here: a schedule drives the worker."""
from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)
IDLE_SECONDS = 3.0

# Returns the seconds until the next queued delivery is due (None when none is queued).
Runner = Callable[[], float | None]
_runner: Runner | None = None
_lock = threading.Lock()
_wake = threading.Event()
_thread: threading.Thread | None = None


def set_runner(runner: Runner | None) -> None:
    global _runner
    _runner = runner


def enabled() -> bool:
    store = os.environ.get("PODIUM_STORE", "sqlite")
    mode = os.environ.get("PODIUM_PROJECTION", "inline" if store == "sqlite" else "stream")
    return mode == "inline" and os.environ.get("PODIUM_WEBHOOK_INLINE", "1") != "0"


def kick() -> None:
    global _thread
    if _runner is None or not enabled():
        return
    with _lock:
        _wake.set()
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_loop, name="podium-webhooks", daemon=True)
            _thread.start()


def _loop() -> None:
    global _thread
    idle = 0.0
    wait = 0.02             # let the projector commit the views that woke us
    while True:
        woke = _wake.wait(timeout=wait)
        _wake.clear()
        if not enabled():          # switched off meanwhile: a scheduler drives delivery
            with _lock:
                _thread = None
                return
        runner = _runner
        next_due = None
        try:
            next_due = runner() if runner is not None else None
        except Exception:
            log.exception("webhook delivery failed; retrying later")
            next_due = 1.0
        if woke or next_due is not None:
            idle = 0.0
        else:
            idle += wait
        if next_due is None and idle >= IDLE_SECONDS:
            with _lock:
                if not _wake.is_set():
                    _thread = None
                    return
        wait = 0.25 if next_due is None else min(max(next_due, 0.01), 1.0)
