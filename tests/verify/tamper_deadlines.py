"""Deadlines moved in the log: each is re-derived from the clock settings (the time the
event was recorded or the ``at`` it runs from, plus the settings' limit), so a moved
deadline is named even when the log is re-sealed by a forger holding the key."""
from __future__ import annotations

from datetime import datetime, timedelta

from .tamper import TAMPERING, _first, _ident


def _later(value: str | None, minutes: int = 10) -> str:
    base = datetime.fromisoformat(value) if value else datetime(2026, 1, 1).astimezone()
    return (base + timedelta(minutes=minutes)).isoformat()


def round_deadline_moved(doc: dict) -> tuple[tuple[str, int, str], str]:
    """A Swiss round's deadline given ten minutes more than its time limit."""
    paired = _first(doc, "RoundPaired", lambda e: e["data"]["round"] == 2)
    paired["data"]["ends_at"] = _later(paired["data"]["ends_at"])
    return _ident(paired), "ends_at"


def cut_deadline_moved(doc: dict) -> tuple[tuple[str, int, str], str]:
    """The top cut's deadline moved five minutes earlier than its time limit gives."""
    started = _first(doc, "TopCutStarted")
    started["data"]["ends_at"] = _later(started["data"]["ends_at"], -5)
    return _ident(started), "ends_at"


def table_pick_deadline_moved(doc: dict) -> tuple[tuple[str, int, str], str]:
    """The first crypt set laid on a mixed draft's table gives more time to pick than the
    draft's pick_seconds."""
    laid = _first(doc, "TableSetRevealed", lambda e: e["data"].get("deadline"))
    laid["data"]["deadline"] = _later(laid["data"]["deadline"], 3)
    return _ident(laid), "deadline"


TAMPERING["munchkin-draft"] += [round_deadline_moved, cut_deadline_moved]
TAMPERING["hack-booster-draft"] += [round_deadline_moved]
TAMPERING["vtes-mixed-draft"] += [table_pick_deadline_moved]
