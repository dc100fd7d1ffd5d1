"""The state of the check-in aggregate (stream ``checkin-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Scope:
    open: bool = False
    code: str | None = None
    generation: int = 0
    present: dict[str, dict[str, Any]] = field(default_factory=dict)   # pid -> {at, by}


@dataclass(frozen=True)
class CheckInState:
    scopes: dict[str, Scope] = field(default_factory=dict)

    def scope(self, name: str) -> Scope:
        return self.scopes.get(name, Scope())
