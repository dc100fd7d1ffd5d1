"""The read side of ``projections/judging.py``: the ids of its view documents and
the readers the use cases call (the handlers writing them stay in that module)."""
from __future__ import annotations


def summary_id(tid: str) -> str:
    return f"judging:{tid}"


def penalty_id(tid: str, pid: str) -> str:
    return f"penalty:{tid}:{pid}"


def penalties_kind(tid: str, player: str | None = None) -> str:
    return f"penalties|{tid}" if player is None else f"penalties|{tid}|{player}"


def mine_id(tid: str, pid: str) -> str:
    return f"penalty-of:{tid}:{pid}"
