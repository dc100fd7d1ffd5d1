"""Deadlines from a start, the time limit in force and the minutes added (pure: the
start comes from a recorded event)."""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any


def plus_minutes(at: str | None, minutes: int | None) -> str | None:
    """``at`` + ``minutes`` (ISO 8601), None when either is unknown (untimed)."""
    if at is None or minutes is None:
        return None
    return (datetime.fromisoformat(at) + timedelta(minutes=minutes)).isoformat()


def limit_minutes(section: dict[str, Any], target: str, final: bool = False) -> int | None:
    """The time limit of ``target`` from the clock's settings section (None: untimed):
    Swiss rounds and tables rounds ``round_minutes``; top-cut rounds ``top_cut_minutes``,
    the cut's last round (``final``) and the V:EKN final table ``final_minutes``. Older
    settings without ``top_cut_minutes`` time the cut as the Swiss rounds."""
    kind = target[:1]
    if kind == "F" or (kind == "C" and final):
        return section.get("final_minutes")
    if kind == "C":
        return section.get("top_cut_minutes", section.get("round_minutes"))
    return section.get("round_minutes")
