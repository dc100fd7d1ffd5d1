"""Rebuilding every read view without an outage. A rebuild builds a new generation of the
views beside the current one (SQLite: ``views.db.<generation>``; DynamoDB: items under the
generation's prefix), reports poison streams instead of stopping (their damage is
recorded in the new generation), and only when every stream is projected switches the
current generation in one step (a rename; one pointer write). The current views are
never touched before that, so a failed or interrupted rebuild costs nothing: it is
reported (``/v1/health`` degrades) and a new start resumes or begins again.

It runs outside the API function (``entrypoints/rebuild.py``: a thread locally, its own
Lambda function deployed, which re-invokes itself before its time runs out) and records
its progress in a status slot that ``GET /v1/admin/projections/rebuild`` reads."""
from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..domain.errors import Conflict, NotFound
from ..projections import SCHEMA_VERSION, damage
from ..projections.projector import Projector

SLOT = "rebuild-job"
STALE_SECONDS = 300          # a running job whose heartbeat is older is taken over
HEARTBEAT_STREAMS = 200      # streams projected between progress records


def _now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class Rebuilds:
    events: Any                      # EventStore
    views: Any                       # the current raw view store (slot, generations)
    projections: list[Any]
    reactor: Any = None              # marks durable reactions done for rebuilt streams
    follow_seconds: float = 0.0      # how long other processes may still write the old one
    monotonic: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    on_progress: list[Callable[[dict[str, Any]], None]] = field(default_factory=list)

    def status(self) -> dict[str, Any] | None:
        found: dict[str, Any] | None = self.views.slot(SLOT).read()
        return found

    def require_status(self) -> dict[str, Any]:
        found = self.status()
        if found is None:
            raise NotFound("no rebuild has been started", code="no_rebuild")
        return found

    def start(self) -> dict[str, Any]:
        """Record a new job (409 ``rebuild_running`` while one is alive)."""
        current = self.status()
        if current and current["state"] == "running" and not _stale(current):
            raise Conflict("a rebuild is already running", current, code="rebuild_running")
        stamp = datetime.now(UTC).strftime("%Y%m%d%H%M%S")
        job: dict[str, Any] = {"job_id": uuid.uuid4().hex[:16], "state": "running",
               "generation": f"g{stamp}{uuid.uuid4().hex[:4]}", "started_at": _now(),
               "heartbeat_at": _now(), "finished_at": None, "began": False,
               "streams_projected": 0, "events_applied": 0, "runs": 0,
               "poison_streams": [], "error": None}
        self.views.slot(SLOT).write(job)
        return job

    def run(self, job_id: str, budget_seconds: float | None = None) -> dict[str, Any]:
        """Carry job ``job_id`` on; returns its status (still ``running`` when the budget
        ran out first: run it again to resume from the new generation's checkpoints)."""
        job = self.status()
        if not job or job["job_id"] != job_id or job["state"] != "running":
            return job or {}
        deadline = None if budget_seconds is None else self.monotonic() + budget_seconds
        job["runs"] += 1
        target = None
        try:
            target = (self.views.resume_generation(job["generation"]) if job["began"]
                      else self.views.next_generation(job["generation"]))
            job["began"] = True
            self._record(job)
            if not self._project(job, target, deadline):
                _release(target)
                return job                      # out of time: resumed by the next run
            job["poison_streams"] = [{k: d[k] for k in ("stream_id", "version", "event_type")}
                                     for d in damage.damaged(target, limit=1000)]
            target.mark_schema(SCHEMA_VERSION)
            self.views.switch_to(target)
            damage.forget_cached()
            self.sleep(self.follow_seconds)     # others now write the new generation
            self._catch_up_current()
            job.update(state="succeeded", finished_at=_now())
        except Exception as exc:  # noqa: BLE001 - reported in the status and by health
            if target is not None:
                _release(target)
            job.update(state="failed", finished_at=_now(),
                       error=f"{type(exc).__name__}: {str(exc)[:500]}")
        self._record(job)
        return job

    def _project(self, job: dict[str, Any], target: Any, deadline: float | None) -> bool:
        projector = Projector(self.events, target, self.projections, reactor=self.reactor)
        done = 0
        applied = 0
        for stream_id, events in _by_stream(self.events.all_events()):
            projector.catch_up(stream_id, events, react=False)
            if self.reactor is not None and self.reactor.durable(stream_id):
                projector.mark_reacted(stream_id, events[-1].version)
            done += 1
            applied += len(events)
            if done % HEARTBEAT_STREAMS == 0:
                job.update(streams_projected=done, events_applied=applied,
                           heartbeat_at=_now())
                self._record(job)
                if deadline is not None and self.monotonic() > deadline:
                    return False
        job.update(streams_projected=done, events_applied=applied, heartbeat_at=_now())
        return True

    def _catch_up_current(self) -> None:
        """Events recorded while the new generation was built: project them into it
        (now current) through the same idempotent, checkpointed path."""
        projector = Projector(self.events, self.views, self.projections, reactor=self.reactor)
        for stream_id, events in _by_stream(self.events.all_events()):
            projector.catch_up(stream_id, events, react=False)

    def _record(self, job: dict[str, Any]) -> None:
        self.views.slot(SLOT).write(job)
        for listener in self.on_progress:
            listener(dict(job))


def _release(target: Any) -> None:
    """Let go of a generation being built (the embedded store's file connection)."""
    close = getattr(target, "close", None)
    if close is not None:
        close()


def _by_stream(events: Iterable[Any]) -> Iterable[tuple[str, list[Any]]]:
    by_stream: dict[str, list[Any]] = {}
    for event in events:
        by_stream.setdefault(event.stream_id, []).append(event)
    return by_stream.items()


def _stale(job: dict[str, Any]) -> bool:
    beat = datetime.fromisoformat(job["heartbeat_at"])
    return (datetime.now(UTC) - beat).total_seconds() > STALE_SECONDS
