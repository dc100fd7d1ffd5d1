"""What is left to play at a tournament's finish, read in the finish's unit of work from
the aggregate that runs its play (guarded: a result or seating committed meanwhile re-runs
the finish on the new state)."""
from __future__ import annotations

from typing import Any

from ..domain.tournament import TournamentState
from ..service import UnitOfWork
from . import ffa, swiss_rounds, tables


def open_play(uow: UnitOfWork, t: TournamentState) -> list[dict[str, Any]]:
    if t.structure == "swiss":
        return swiss_rounds.open_play(uow, t)
    if t.structure == "multiplayer-tables":
        return tables.open_play(uow, t)
    if t.structure == "pod-ffa":
        return ffa.open_play(uow, t)
    return []
