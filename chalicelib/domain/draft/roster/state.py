"""The state of the booster draft roster aggregate (stream ``draft-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class DraftState:
    started: bool = False
    pods: tuple[tuple[str, ...], ...] = ()
    pod_of: dict[str, int] = field(default_factory=dict)  # player -> pod number (1-based)
    rounds: int = 0
    starters: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    late: dict[str, dict[str, Any]] = field(default_factory=dict)
    started_at: int | None = None
