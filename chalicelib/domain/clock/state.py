"""The state of the clock aggregate (stream ``clock-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ClockState:
    counts: dict[str, int] = field(default_factory=dict)              # target -> extensions
    minutes: dict[str, int] = field(default_factory=dict)             # target -> added
    per_round: dict[str, frozenset[str]] = field(default_factory=dict)  # key -> targets
