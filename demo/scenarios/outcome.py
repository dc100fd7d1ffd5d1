"""What a scenario hands back: the final standings to print and the figures it checked."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Outcome:
    scenario: str
    tournament_id: str
    organizer: str
    standings: list[dict[str, Any]]          # rank, player_id, name, and figures per game
    checks: dict[str, Any] = field(default_factory=dict)
    report: Any = None                       # the federation report, when that route exists
