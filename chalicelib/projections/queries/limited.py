"""The read side of ``projections/limited.py``: the ids of its view documents and
the readers the use cases call (the handlers writing them stay in that module)."""
from __future__ import annotations

ACTIVE_KIND = "limited-active"


def summary_id(tid: str, capability: str) -> str:
    return f"limited:{tid}:{capability}"


def pod_id(tid: str, capability: str, n: int) -> str:
    return f"limited:{tid}:{capability}:pod:{n}"
