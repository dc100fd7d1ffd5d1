"""The state of the leagues aggregate."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class LeagueState:
    league: dict[str, Any] | None = None
