"""The commands of the clock aggregate (stream ``clock-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ExtendTime:
    """``target`` (see :mod:`.targets`) gets ``minutes`` more. ``playing``: the target's
    game is under way ("open"), over ("finished") or not seated yet ("waiting");
    ``limit``: its time limit in minutes (None: untimed)."""

    target: str
    minutes: int
    reason: str
    by: str
    now: str
    playing: str = "open"
    limit: int | None = None
