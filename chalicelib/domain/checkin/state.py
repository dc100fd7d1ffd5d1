"""The state of the checkin aggregate."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"     # no 0/O, 1/I: read aloud, typed on a phone
CODE_LENGTH = 6
SCOPE = re.compile(r"^(event|r[1-9][0-9]{0,3})$")


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
