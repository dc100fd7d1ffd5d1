"""A standing game or match loss at a V:EKN table counts that player's VP there as 0
(the judges' records, read by the table's result in its unit of work: guarded, so a
penalty committed meanwhile re-runs the result)."""
from __future__ import annotations

from typing import Any

from ..domain.judging import JUDGING
from ..service import UnitOfWork


def zero_vp(uow: UnitOfWork, tid: str, number: int, table: int,
            vp_halves: dict[str, Any]) -> dict[str, Any]:
    """``vp_halves`` with 0 for each player of the table who received a game or match
    loss there (their predators gain nothing from it either: it is not an oust)."""
    losers = uow.load(JUDGING, tid).game_losses_at(number, table)
    return {**vp_halves, **{p: 0 for p in sorted(losers)}}
