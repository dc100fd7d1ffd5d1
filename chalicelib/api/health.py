"""``GET /v1/health``: is the store usable, and how far behind is the projection.

200 when every table (DynamoDB) or database file (SQLite) answers a trivial read, with
``projection.lag_seconds``: the age of the oldest event not yet projected (0 when none
waits; null only when it could not be determined, ``projection.complete`` then false);
``views``: whether the views fit this version's projections, and the rebuilds that
healed them (projections/healing.py).
503 ``store_unavailable`` in the common error shape otherwise, naming each check."""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from chalice import Response

from ..projections import SCHEMA_VERSION
from ..runtime import Runtime
from ..store.ports import Backlog
from .replies import error

RETRY_AFTER_SECONDS = "5"


def unavailable(message: str, details: Any) -> Response:
    response = error(503, "store_unavailable", message, details)
    response.headers["Retry-After"] = RETRY_AFTER_SECONDS
    return response


def report(rt: Runtime, now: datetime | None = None) -> Response | dict[str, Any]:
    probes = rt.health.probe()
    checks = {p.name: {"ok": p.ok, "ms": p.ms, **({"error": p.error} if p.error else {})}
              for p in probes}
    failed = [p.name for p in probes if not p.ok]
    if failed:
        return unavailable(f"the store is not usable: {', '.join(failed)} did not answer",
                           {"store": rt.config.store, "checks": checks})
    backlog = rt.health.backlog()
    return {"status": "ok", "store": rt.config.store, "checks": checks,
            "projection": _projection(rt.config.projection, backlog,
                                      now or datetime.now(UTC)),
            "views": _views(rt)}


def _views(rt: Runtime) -> dict[str, Any]:
    """Whether the views fit these projections, and the rebuilds that healed them."""
    try:
        condition = rt.views.condition(SCHEMA_VERSION, deep=False)
    except Exception as exc:  # noqa: BLE001 - reported, the probes above answered
        condition = f"unknown ({type(exc).__name__})"
    repairs = [r.as_json() for r in rt.healer.repairs] if rt.healer else []
    return {"schema_version": SCHEMA_VERSION, "condition": condition, "repairs": repairs}


def _projection(mode: str, backlog: Backlog, now: datetime) -> dict[str, Any]:
    if backlog.oldest_at is None:
        lag = 0.0 if backlog.complete else None
        oldest = None
    else:
        lag = round(max((now - backlog.oldest_at).total_seconds(), 0.0), 3)
        oldest = backlog.oldest_at.isoformat()
    body: dict[str, Any] = {"mode": mode, "lag_seconds": lag, "oldest_unprojected_at": oldest,
                            "complete": backlog.complete}
    if backlog.error:
        body["error"] = backlog.error
    return body
