"""Running a rebuild of the read views (``application/rebuild.py``) outside the request
that starts it: its own Lambda function when deployed (``PODIUM_REBUILD_FUNCTION``, invoked
asynchronously; it invokes itself again before its time runs out, and the new run resumes
from the new generation's checkpoints), a background thread otherwise."""
from __future__ import annotations

import json
import logging
import os
import threading
from typing import Any

from ..application.rebuild import Rebuilds

log = logging.getLogger(__name__)
FUNCTION = "PODIUM_REBUILD_FUNCTION"
MARGIN_MS = 90_000           # left of a Lambda's time when a run stops and hands on


def rebuilds(rt: Any) -> Rebuilds:
    follow = float(getattr(rt.projector.views, "follow_seconds", 0.0))
    return Rebuilds(rt.events, rt.projector.views, list(rt.projector.projections),
                    rt.projector.reactor, follow_seconds=follow)


def launch(rt: Any, job: dict[str, Any]) -> str:
    """Start running ``job`` elsewhere; how (``lambda`` or ``thread``)."""
    function = os.environ.get(FUNCTION)
    if function:
        _invoke(function, job["job_id"])
        return "lambda"
    thread = threading.Thread(target=_run_logged, args=(rebuilds(rt), job["job_id"]),
                              name=f"podium-rebuild-{job['job_id']}", daemon=True)
    thread.start()
    return "thread"


def _run_logged(jobs: Rebuilds, job_id: str) -> None:
    result = jobs.run(job_id)
    if result.get("state") == "failed":
        log.error("rebuild %s failed: %s", job_id, result.get("error"))


def handle(event: dict[str, Any], context: Any, rt: Any) -> dict[str, Any]:
    """The rebuild function's handler: run until ``MARGIN_MS`` is left, then hand on."""
    job_id = event["job_id"]
    remaining = context.get_remaining_time_in_millis() if context is not None else None
    budget = None if remaining is None else max(remaining - MARGIN_MS, 10_000) / 1000
    result = rebuilds(rt).run(job_id, budget_seconds=budget)
    if result.get("state") == "running" and os.environ.get(FUNCTION):
        _invoke(os.environ[FUNCTION], job_id)
    return {"job_id": job_id, "state": result.get("state")}


def _invoke(function: str, job_id: str) -> None:
    import boto3
    boto3.client("lambda").invoke(FunctionName=function, InvocationType="Event",
                                  Payload=json.dumps({"job_id": job_id}).encode())
