"""The ``rebuild_views`` Lambda function: carries a rebuild of the read views
(``application/rebuild.py``) on until ``MARGIN_MS`` of its time is left, then invokes
itself again; the next run resumes from the new generation's checkpoints. Locally the
runtime runs the same job in a thread (``runtime.Runtime.launch_rebuild``)."""
from __future__ import annotations

import os
from typing import Any

MARGIN_MS = 90_000           # left of a Lambda's time when a run stops and hands on


def handle(event: dict[str, Any], context: Any, rt: Any) -> dict[str, Any]:
    job_id = event["job_id"]
    remaining = context.get_remaining_time_in_millis() if context is not None else None
    budget = None if remaining is None else max(remaining - MARGIN_MS, 10_000) / 1000
    result = rt.rebuilds().run(job_id, budget_seconds=budget)
    if result.get("state") == "running" and os.environ.get(rt.REBUILD_FUNCTION):
        rt.invoke_rebuild(job_id)
    return {"job_id": job_id, "state": result.get("state")}
