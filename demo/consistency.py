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
HOOK = "/_devserver/projection"


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


def projection_waiter(transport: Transport, timeout: float = 30.0) -> Callable[[], None] | None:
    """How to wait for this server's projection, or None when it projects inline.

    A local DynamoDB server (``python -m devserver``) answers ``GET /_devserver/projection
    ?wait=`` once every record written before the call has been projected."""
    projection = (transport.request("GET", "/v1/health").body or {}).get("projection")
    mode = projection.get("mode") if isinstance(projection, dict) else projection
    if mode == "inline":
        return None
    probe = transport.request("GET", HOOK)
    if probe.status != 200:
        raise ProjectionLag(f"{mode!r} projection and no way to wait for it ({HOOK} "
                            f"answered {probe.status})")

    def wait() -> None:
        reply = transport.request("GET", f"{HOOK}?wait={timeout:g}")
        if reply.status != 200 or not reply.body.get("caught_up"):
            raise ProjectionLag(f"projection still behind after {timeout:g} s: {reply.body}")
    return wait
