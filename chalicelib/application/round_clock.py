"""Round-wide time extensions (V:EKN 3.1.1: each round has a time limit, announced
before play; 2.8: extra time given by a judge is "clearly communicated and recorded"):
staff extend a whole round - every table of a multiplayer round, every match of a Swiss
round - at once, e.g. after a general interruption. Recorded in ``clock-<tid>`` as an
extension of the round's own target (``T2``, ``R3``); every deadline of the round (the
round's, each table's or match's, in the round views, the live view and the report)
includes it, on top of the tables' and matches' own extensions."""
from __future__ import annotations

from typing import Any

from ..auth import Principal, require_tournament_staff
from ..domain.errors import NotFound
from ..domain.swiss import SWISS
from ..domain.tables.aggregate import TABLES
from ..service import UnitOfWork
from . import clock, tournament


def extend_tables_round(uow: UnitOfWork, actor: Principal, tid: str, number: int,
                        minutes: int, reason: str) -> dict[str, Any]:
    """Every table of preliminary round ``number`` (the current one, still playing)."""
    t = tournament.load(uow, tid)
    tournament.require_running(t, structure="multiplayer-tables",
                               message="the tournament is not running")
    require_tournament_staff(actor, t)
    state = uow.load(TABLES, tid)
    if not 1 <= number <= len(state.rounds):
        raise NotFound(f"round {number} has not been seated", code="round_not_found")
    rnd = state.rounds[number - 1]
    playing = "finished" if rnd.complete or rnd is not state.current or \
        state.final_started else "open"
    return clock.extend_target(uow, actor, t, f"T{number}", minutes, reason, playing)


def extend_swiss_round(uow: UnitOfWork, actor: Principal, tid: str, number: int,
                       minutes: int, reason: str) -> dict[str, Any]:
    """Every match of Swiss round ``number`` (the current one, not closed)."""
    t = tournament.running_swiss(uow, tid)
    require_tournament_staff(actor, t)
    swiss = uow.load(SWISS, tid)
    if not 1 <= number <= len(swiss.rounds):
        raise NotFound(f"no Swiss round {number}", code="round_not_found")
    rnd = swiss.rounds[number - 1]
    playing = "finished" if rnd.closed or number != len(swiss.rounds) or \
        swiss.cut is not None else "open"
    return clock.extend_target(uow, actor, t, f"R{number}", minutes, reason, playing)
