"""A local delivery thread (webhooks, Web Push): a reaction wakes it when the projection
queued a delivery; it drains what is due, sleeps until the next retry and stops when
idle. Deployed (stream projection) none runs: a schedule drives each worker."""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)
IDLE_SECONDS = 3.0
# drains what is due; returns the seconds until the next retry (None: nothing queued)
Runner = Callable[[], float | None]


class DeliveryThread:
    def __init__(self, name: str, what: str, enabled: Callable[[], bool]):
        self.name, self.what, self.enabled = name, what, enabled
        self._runner: Runner | None = None
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None

    def set_runner(self, runner: Runner | None) -> None:
        """The runtime sets the worker's drain over itself (``runtime.assemble``)."""
        self._runner = runner

    def kick(self) -> None:
        """Wake (or start) the thread: deliveries were queued."""
        if self._runner is None or not self.enabled():
            return
        with self._lock:
            self._wake.set()
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name=self.name,
                                                daemon=True)
                self._thread.start()

    def _loop(self) -> None:
        idle, wait = 0.0, 0.02          # let the projector commit the views that woke us
        while True:
            woke = self._wake.wait(timeout=wait)
            self._wake.clear()
            if not self.enabled():      # switched off meanwhile: a scheduler drives it
                with self._lock:
                    self._thread = None
                    return
            runner, next_due = self._runner, None
            try:
                next_due = runner() if runner is not None else None
            except Exception:  # noqa: BLE001 - logged; the next wake or retry tries again
                log.exception("%s failed; retrying later", self.what)
                next_due = 1.0
            idle = 0.0 if woke or next_due is not None else idle + wait
            if next_due is None and idle >= IDLE_SECONDS:
                with self._lock:
                    if not self._wake.is_set():
                        self._thread = None
                        return
            wait = 0.25 if next_due is None else min(max(next_due, 0.01), 1.0)
