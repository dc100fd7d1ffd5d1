"""The read side of ``projections/draft.py``: the ids of its view documents and
the readers the use cases call (the handlers writing them stay in that module)."""
from __future__ import annotations

from typing import Any

SET_KIND = "cardset"
ACTIVE_KIND = "draft-active"


def draft_view_id(tid: str) -> str:
    return f"draft:{tid}"


def pod_status_kind(tid: str) -> str:
    return f"draft-pods:{tid}"


def draft_view(views, tid: str) -> dict[str, Any] | None:
    """The public draft summary: the draft stream's document joined with each pod's own
    status document; a pod without one is still ``opening`` (pods open after the start,
    each in its own commit), and so is the draft until every pod is open."""
    doc = views.get(draft_view_id(tid))
    if doc is None:
        return None
    status = {v.doc["pod"]: v.doc for v in views.list(pod_status_kind(tid), limit=10_000)}
    pods = [{**pod, "status": status.get(pod["pod"], {}).get("status", "opening"),
             "finished_at": status.get(pod["pod"], {}).get("finished_at")}
            for pod in doc["pods"]]
    done = bool(pods) and all(p["status"] == "finished" for p in pods)
    whole = "finished" if done else \
        "opening" if any(p["status"] == "opening" for p in pods) else "drafting"
    return {**doc, "status": whole, "pods": pods}
