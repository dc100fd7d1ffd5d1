"""The commands of the V:EKN table aggregate (stream ``table-<tid>-r<n>-t<t>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .state import TableFacts


@dataclass(frozen=True)
class Report:
    """Report a table's victory points (halves), checked against its seats."""

    facts: TableFacts
    vp_halves: dict[str, Any]
    now: str = ""


@dataclass(frozen=True)
class Drop:
    """A player leaves a table during its round (dropped, or disqualified)."""

    facts: TableFacts
    player: str
    loss: bool
    now: str = ""


@dataclass(frozen=True)
class Reseat:
    """Staff change the seats of a table before it reports."""

    facts: TableFacts
    seats: tuple[str, ...]
