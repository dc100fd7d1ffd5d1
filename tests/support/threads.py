"""Chalice keeps ``current_request`` in one attribute of the app. Lambda serves one request
per process and ``chalice local`` swaps in a thread-local attribute, but the in-process
test client does neither, so two test threads would read each other's request bodies."""
from __future__ import annotations

import threading

from chalice import Chalice


class _PerThreadRequest:
    _requests = threading.local()

    @property
    def current_request(self):
        return getattr(self._requests, "value", None)

    @current_request.setter
    def current_request(self, value) -> None:
        self._requests.value = value


def thread_safe(app: Chalice) -> Chalice:
    """Give ``app`` a per-thread ``current_request``, as ``chalice local`` does."""
    if not isinstance(app, _PerThreadRequest):
        app.__class__ = type(f"PerThread{type(app).__name__}", (_PerThreadRequest, type(app)), {})
    return app
