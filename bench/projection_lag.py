"""Waiting, at the end of a load run, until the server's views hold every write.

Clients read their own writes with ``X-Podium-Position`` (``demo/consistency.py``), but
the load bench checks the views of hundreds of writers at once, so it waits for the whole
projection instead: ``GET /v1/health`` reports ``projection.lag_seconds``, the age of the
oldest event not yet projected (0 when none waits); an inline projection never lags."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


class ProjectionLag(AssertionError):
    """The projection did not catch up in time."""


def projection_waiter(transport: Any, timeout: float = 30.0,
                      interval: float = 0.05) -> Callable[[], None] | None:
    """How to wait for this server's projection, or None when it projects inline."""
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


def _projection(transport: Any) -> Any:
    reply = transport.request("GET", "/v1/health")
    return (reply.body or {}).get("projection") if isinstance(reply.body, dict) else None


def rebuild_views(api: Any, timeout: float = 900.0) -> dict[str, Any]:
    """``POST /v1/admin/projections/rebuild`` and wait for the job to end (it runs outside
    the request: the POST answers 202 while it runs); the finished job, or ProjectionLag
    when it failed or did not end in time (comparing views with an unfinished rebuild
    would compare them with themselves)."""
    deadline = time.monotonic() + timeout
    job = api.post("/v1/admin/projections/rebuild", token=api.admin_key)
    while job.get("state") == "running":
        if time.monotonic() > deadline:
            raise ProjectionLag(f"the rebuild still runs after {timeout:g} s: {job}")
        job = api.ok("GET", "/v1/admin/projections/rebuild?wait=20", token=api.admin_key,
                     status=(200, 202))
    if job.get("state") != "succeeded":
        raise ProjectionLag(f"the rebuild did not succeed: {job}")
    return job
