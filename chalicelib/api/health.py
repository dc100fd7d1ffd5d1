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

from ..projections import SCHEMA_VERSION, damage
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
    projection = _projection(rt.config.projection, backlog, now or datetime.now(UTC))
    views = _views(rt)
    problems = _problems(rt, projection, views)
    return {"status": "degraded" if problems else "ok", "problems": problems,
            "store": rt.config.store, "checks": checks, "projection": projection,
            "views": views}


def _problems(rt: Runtime, projection: dict[str, Any], views: dict[str, Any]
              ) -> list[dict[str, Any]]:
    """What an operator must look at though the store answers: dead letters, streams
    whose projection failed, lag past ``PODIUM_LAG_ALARM_SECONDS``, views that do not
    fit, a failed rebuild. Each names its check and what it found."""
    problems: list[dict[str, Any]] = []
    dead = _dead_letters(rt)
    projection["dead_letters"] = dead
    if dead:
        problems.append({"check": "dead_letters", "count": dead,
                         "message": f"{dead} stream records could not be projected and "
                                    "wait in the dead-letter queue"})
    found = [{k: d[k] for k in ("stream_id", "version", "event_type", "at")}
             for d in damage.damaged(rt.projector.views, limit=20)]
    projection["damaged_streams"] = found
    if found:
        problems.append({"check": "damaged_streams", "streams": found,
                         "message": f"{len(found)} stream(s) could not be projected; their "
                                    "views answer 503 view_damaged until fixed and retried"})
    lag = projection["lag_seconds"]
    if lag is not None and lag > rt.config.lag_alarm_seconds:
        problems.append({"check": "projection_lag", "lag_seconds": lag,
                         "threshold_seconds": rt.config.lag_alarm_seconds,
                         "message": "the read views lag the events past the threshold"})
    if views["condition"] is not None:
        problems.append({"check": "views", "condition": views["condition"],
                         "message": "the views do not fit this version: rebuild them"})
    rebuild = views.get("rebuild")
    if rebuild and rebuild.get("state") == "failed":
        problems.append({"check": "rebuild", "job": rebuild.get("job_id"),
                         "message": f"the last rebuild failed: {rebuild.get('error')}"})
    return problems


def _dead_letters(rt: Runtime) -> int | None:
    counter = getattr(rt, "dead_letters", None)
    if counter is None:
        return None
    try:
        return counter()
    except Exception:  # noqa: BLE001 - reported as unknown, the store answered
        return None


def _views(rt: Runtime) -> dict[str, Any]:
    """Whether the views fit these projections, and the rebuilds that healed them."""
    try:
        condition = rt.views.condition(SCHEMA_VERSION, deep=False)
    except Exception as exc:  # noqa: BLE001 - reported, the probes above answered
        condition = f"unknown ({type(exc).__name__})"
    repairs = [r.as_json() for r in rt.healer.repairs] if rt.healer else []
    body: dict[str, Any] = {"schema_version": SCHEMA_VERSION, "condition": condition,
                            "repairs": repairs}
    slot = getattr(rt.projector.views, "slot", None)
    job = slot("rebuild-job").read() if slot is not None else None
    if job:
        body["rebuild"] = {k: job.get(k) for k in ("job_id", "state", "generation",
                                                   "finished_at", "error")}
    return body


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
