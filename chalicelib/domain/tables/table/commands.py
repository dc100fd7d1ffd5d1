"""The commands of the V:EKN table aggregate (stream ``table-<tid>-r<n>-t<t>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .state import TableFacts


@dataclass(frozen=True)
class Report:
    facts: TableFacts
    vp_halves: dict[str, Any]
    now: str = ""


@dataclass(frozen=True)
class Drop:
    facts: TableFacts
    player: str
    loss: bool
    now: str = ""


@dataclass(frozen=True)
class Reseat:
    facts: TableFacts
    seats: tuple[str, ...]
