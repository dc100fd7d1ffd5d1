"""The read side of ``projections/feed_entries.py``: the ids of its view documents and
the readers the use cases call (the handlers writing them stay in that module)."""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any

POSITION = re.compile(r"^[0-9]{16}-(~|[0-9a-f]{10}-[0-9]{6}-[0-9]{3})$")
POSITION_PATTERN = POSITION.pattern


def feed_kind(tid: str, pid: str | None = None) -> str:
    """The view kind of a tournament's public feed (``pid`` None) or a player's feed."""
    return f"feed|{tid}" if pid is None else f"feed|{tid}|{pid}"


def mark(moment: datetime) -> str:
    """The position after every entry recorded at or before ``moment``."""
    return f"{int(moment.timestamp()) * 1_000_000 + moment.microsecond:016d}-~"


def moment_of(position: str) -> int:
    """The recording time (µs since the epoch) a position or mark stands for."""
    return int(position[:16])


def entries_after(views: Any, tid: str, pid: str | None, after: str | None,
                  limit: int) -> list[dict[str, Any]]:
    """Up to ``limit`` entries of a feed strictly after ``after`` (None: from its start)."""
    return [v.doc for v in views.list(feed_kind(tid, pid), after or "", limit)]
