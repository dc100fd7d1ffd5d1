"""The read side of ``projections/clock.py``: the ids of its view documents and
the readers the use cases call (the handlers writing them stay in that module)."""
from __future__ import annotations

from typing import Any

from ...domain.swiss.state import parse_match_id


def extensions_id(tid: str, key: str) -> str:
    return f"clock:{tid}:extensions:{key}"


def index_id(tid: str) -> str:
    return f"clock:{tid}:extensions"


def cut_starts_id(tid: str) -> str:
    return f"clock:{tid}:cut-starts"


def tables_starts_id(tid: str) -> str:
    return f"clock:{tid}:tables-starts"


def extended(views: Any, tid: str, key: str) -> dict[str, dict[str, Any]]:
    """Target -> {"minutes": total, "extensions": [...]} of one round (``R3``, ``T2``...)."""
    doc = views.get(extensions_id(tid, key))
    return doc["targets"] if doc else {}


def all_extended(views: Any, tid: str) -> list[dict[str, Any]]:
    """Every extension of the event, round by round in the order they were first
    extended, each target's in the order recorded."""
    index = views.get(index_id(tid))
    if not index:
        return []
    docs = views.get_many([extensions_id(tid, key) for key in index["rounds"]])
    return [{"target": target, **extension}
            for key in index["rounds"]
            for target, entry in docs.get(extensions_id(tid, key),
                                          {"targets": {}})["targets"].items()
            for extension in entry["extensions"]]


def cut_starts(views: Any, tid: str) -> dict[str, Any]:
    """Cut match id -> when it began; ``rounds``: the cut's number of rounds."""
    return views.get(cut_starts_id(tid)) or {"rounds": 0, "started": {}}


def cut_round(match_id: str) -> int:
    return parse_match_id(match_id)[1]


def tables_starts(views: Any, tid: str) -> dict[str, str]:
    """``T2`` (round 2), ``F`` (the final) -> when it was seated."""
    doc = views.get(tables_starts_id(tid))
    return doc["started"] if doc else {}
