"""The state of the league aggregate (stream ``league-<lid>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class LeagueState:
    league: dict[str, Any] | None = None
