"""A report a page at a time, so that a report of any size answers within a response's
limits. The report's lists are read as one sequence of entries, in this order: the
players, the standings' rows, each round's matches (Swiss), tables (V:EKN) or pods
(free-for-all), the published decklists, the penalties, the time extensions. A page
carries every other field whole and, of each list, the entries at positions
``position`` .. ``position + limit``; a round keeps its own fields on every page holding
one of its entries (a round without entries takes one position). Concatenating the
pages' lists (a round's entries by its number) gives the whole report."""
from __future__ import annotations

from typing import Any

_ROUND_ENTRIES = ("matches", "tables", "pods")


def _entries_key(rnd: dict[str, Any]) -> str | None:
    return next((k for k in _ROUND_ENTRIES if k in rnd), None)


def size(report: dict[str, Any]) -> int:
    """The positions the report's lists take."""
    rows = (report.get("standings") or {}).get("rows") or []
    rounds = sum(max(1, len(r.get(_entries_key(r) or "", []) or [])) for r in report["rounds"])
    return len(report["players"]) + len(rows) + rounds + len(report.get("decklists") or []) \
        + len(report.get("penalties") or []) + len(report.get("time_extensions") or [])


def page(report: dict[str, Any], position: int, limit: int) -> tuple[dict[str, Any], int | None]:
    """The page at ``position`` and the position of the next one (None: the last)."""
    end = position + limit
    cursor = 0

    def window(items: list[Any]) -> list[Any]:
        nonlocal cursor
        start = cursor
        cursor += len(items)
        return items[max(0, position - start):max(0, end - start)]

    out = dict(report)
    out["players"] = window(report["players"])
    if report.get("standings") is not None:
        out["standings"] = {**report["standings"], "rows": window(report["standings"]["rows"])}
    rounds = []
    for rnd in report["rounds"]:
        key = _entries_key(rnd)
        entries = rnd.get(key) or [] if key else []
        if not entries:
            if position <= cursor < end:
                rounds.append(rnd)
            cursor += 1
            continue
        shown = window(entries)
        if shown:
            rounds.append({**rnd, key: shown})
    out["rounds"] = rounds
    if report.get("decklists") is not None:
        out["decklists"] = window(report["decklists"])
    if report.get("penalties") is not None:
        out["penalties"] = window(report["penalties"])
    if "time_extensions" in report:
        out["time_extensions"] = window(report["time_extensions"])
    return out, (end if end < cursor else None)
