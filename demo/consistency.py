"""Reading one's own writes when views lag them. With stream projection (the deployed
shape) a write's views appear once the stream has been projected, so a client that reads
right after writing waits for the projection to catch up first. This transport does that
for every scenario, unchanged: after a successful write, the next read waits."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .transport import Response, Transport

READS = ("GET", "HEAD", "OPTIONS")


class ProjectionLag(AssertionError):
    """The projection did not catch up in time."""


class ReadYourWrites:
    def __init__(self, transport: Transport, wait: Callable[[], None]):
        self.transport = transport
        self.wait = wait
        self.waits = 0
        self.waited_seconds = 0.0
        self._wrote = False

    def settle(self) -> None:
        """Wait for the projection if anything was written since the last wait."""
        if self._wrote:
            started = time.perf_counter()
            self.wait()
            self.waits += 1
            self.waited_seconds += time.perf_counter() - started
            self._wrote = False

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                headers: dict[str, str] | None = None) -> Response:
        if method in READS:
            self.settle()
        reply = self.transport.request(method, path, body, token, headers)
        if method not in READS and 200 <= reply.status < 300:
            self._wrote = True
        return reply


def projection_waiter(transport: Transport, timeout: float = 30.0,
                      interval: float = 0.02) -> Callable[[], None] | None:
    """How to wait for this server's projection, or None when it projects inline.

    ``GET /v1/health`` reports ``projection.lag_seconds``: the age of the oldest event not
    yet projected, 0 when none waits (null when it could not tell). Waiting polls it until
    it is 0, so every event written before the wait began is in the views."""
    projection = _projection(transport)
    mode = projection.get("mode") if isinstance(projection, dict) else projection
    if mode == "inline":
        return None
    if not isinstance(projection, dict) or "lag_seconds" not in projection:
        raise ProjectionLag(f"{mode!r} projection and no lag in the health report")

    def wait() -> None:
        deadline = time.monotonic() + timeout
        while True:
            lag = (_projection(transport) or {}).get("lag_seconds")
            if lag == 0:
                return
            if time.monotonic() > deadline:
                raise ProjectionLag(f"projection still behind after {timeout:g} s "
                                    f"(lag_seconds {lag})")
            time.sleep(interval)
    return wait


def _projection(transport: Transport) -> Any:
    reply = transport.request("GET", "/v1/health")
    return (reply.body or {}).get("projection") if isinstance(reply.body, dict) else None
