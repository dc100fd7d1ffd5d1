"""One table of an open V:EKN round as an aggregate of its own (stream
``table-<tid>-r2-t7``), so reports of different tables never contend: its first
result, and the players who leave it after the seating (V:EKN 3.1.4: a Loss, or at
the judge's choice, 3.3.2, off a table of five). A reseating of the table (a swap) is
marked here too, so a report and a swap of one table cannot pass each other. Its
commands carry the table's seats from the tables aggregate."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...decider import unknown_command
from ...errors import Conflict
from ...events import Event
from ..drops import dropped
from ..events import TablesTableReported, TablesTableReseated
from ..scoring import score, validate
from .commands import Drop, Report, Reseat
from .state import TableState


def decide_report(cmd: Report, state: TableState) -> list[Event]:
    if state.result is not None:
        raise Conflict(f"table {cmd.facts.table} already has a result",
                       code="table_reported")
    seats = state.seating(cmd.facts)
    vp = validate(seats, cmd.vp_halves, state.dropped)
    return [TablesTableReported(round=cmd.facts.round, table=cmd.facts.table,
                                results=score(seats, vp, state.dropped))]


def decide_drop(cmd: Drop, state: TableState) -> list[Event]:
    """Nothing once the table has its result (the game was scored); else the Loss, or the
    seat given up (refused where 3.1.2 or 7.2.6 require the Loss)."""
    f = cmd.facts
    if state.result is not None:
        return []
    seats = state.seating(f)
    if cmd.player not in seats:
        return []
    if cmd.player in state.dropped:
        raise Conflict(f"player {cmd.player} has already dropped", code="already_dropped")
    return dropped(cmd.player, cmd.loss, f.limited, f.round, f.table, len(seats))


def decide_reseat(cmd: Reseat, state: TableState) -> list[Event]:
    if state.result is not None:
        raise Conflict("a table with a reported result cannot be reseated",
                       {"tables": [cmd.facts.table]}, code="table_reported")
    gone = [p for p in state.dropped if p not in cmd.seats]
    if gone:
        raise Conflict("a player who dropped after the seating keeps their seat and a Loss "
                       "(V:EKN 3.1.4)", {"players": gone}, code="player_dropped")
    return [TablesTableReseated(round=cmd.facts.round, table=cmd.facts.table,
                                seats=list(cmd.seats))]


_HANDLERS: dict[type, Callable[[Any, TableState], list[Event]]] = {
    Report: decide_report, Drop: decide_drop, Reseat: decide_reseat}


def decide(command: Any, state: TableState) -> list[Event]:
    handler = _HANDLERS.get(type(command))
    if handler is None:
        unknown_command("table", command)
    return handler(command, state)
