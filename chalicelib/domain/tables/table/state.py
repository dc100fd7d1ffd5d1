"""The state of the V:EKN table aggregate (stream ``table-<tid>-r<n>-t<t>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TableFacts:
    round: int
    table: int
    seats: tuple[str, ...]          # as the tables aggregate seated it (swaps included)
    limited: bool = True            # product was handed out (V:EKN 7.2.6)


@dataclass(frozen=True)
class TableState:
    seats: tuple[str, ...] | None = None      # reseated here (None: as the facts say)
    dropped: tuple[str, ...] = ()             # left with a Loss, still seated
    unseated: tuple[str, ...] = ()            # left a table of five, off the table
    result: dict[str, Any] | None = None      # player -> {vp_halves, gw, tp, place}

    def seating(self, facts: TableFacts) -> tuple[str, ...]:
        seats = self.seats if self.seats is not None else facts.seats
        return tuple(p for p in seats if p not in self.unseated)
