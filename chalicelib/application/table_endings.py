"""A V:EKN table's result given as how its game ended (``domain/tables/ousts.py``): the
ousts in sequence, then played out, a time-out, an intentional draw (3.6) or a
concession (3.5), turned into VP at the table's seats in turn order and reported as the
table's usual result."""
from __future__ import annotations

from typing import Any

from ..auth import Principal
from ..domain.errors import NotFound
from ..domain.tables.aggregate import TABLE, TABLES
from ..domain.tables.ousts import vp_from_ousts
from ..domain.tables.recording import facts
from ..service import UnitOfWork
from . import tables


def _seats(uow: UnitOfWork, tid: str, number: int, table: int) -> tuple[list[str], list[str]]:
    """The table's seats in turn order (its reseats and unseated players applied) and the
    players who left it with a Loss (3.1.4)."""
    state = uow.load(TABLES, tid, guard=False)
    if not 1 <= number <= len(state.rounds):
        raise NotFound(f"round {number} has not been seated", code="round_not_found")
    rnd = state.rounds[number - 1]
    if not 1 <= table <= len(rnd.tables):
        raise NotFound(f"no table {table} in round {number}", code="table_not_found")
    if not rnd.per_table:
        return list(rnd.tables[table - 1]), list(rnd.drop_losses)
    own = uow.load(TABLE, (tid, number, table), guard=False)
    return list(own.seating(facts(rnd, table, True))), list(own.dropped)


def report_ending(uow: UnitOfWork, actor: Principal, tid: str, number: int, table: int,
                  ousts: list[str], end: str, conceded_to: str | None) -> dict[str, Any]:
    seats, left = _seats(uow, tid, number, table)
    # Players who left with a Loss score nothing and give no VP: out before the game.
    playing = [p for p in seats if p not in left]
    vp = vp_from_ousts(playing, ousts, end, conceded_to)
    result = tables.report(uow, actor, tid, number, table,
                           {**vp, **{p: 0 for p in seats if p in left}})
    return {**result, "end": end}
