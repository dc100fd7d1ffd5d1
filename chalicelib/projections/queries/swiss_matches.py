"""The read side of ``projections/swiss_matches.py``: the ids of its view documents and
the readers the use cases call (the handlers writing them stay in that module)."""
from __future__ import annotations


def match_result_id(tid: str, match_id: str) -> str:
    return f"swiss:{tid}:match:{match_id}"
