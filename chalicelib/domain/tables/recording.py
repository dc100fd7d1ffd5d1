"""Where a V:EKN table's result, a drop after the seating and a swap are recorded,
decided from the tables state and the table's own: in a round seated with a stream per
table, a table's first result and its drops go to that stream (counted in the round's
tally once reported, so reports of different tables never contend); a result reported
again (a correction) and every swap go to the tables stream. The application writes
what these functions decide."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..events import Event
from . import commands as c
from .aggregate import TABLES
from .decide import _round
from .migration import refuse_unmigrated
from .state import Round, TablesState
from .table.commands import Drop, Report, Reseat
from .table.decide import decide as decide_table
from .table.state import TableFacts, TableState


@dataclass(frozen=True)
class Recorded:
    tables: list[Event] = field(default_factory=list)              # to the tables stream
    own: dict[int, list[Event]] = field(default_factory=dict)      # table -> its stream
    counted: tuple[int, int] | None = None                         # (round, table) reported


def facts(rnd: Round, table: int, limited: bool) -> TableFacts:
    return TableFacts(rnd.number, table, rnd.tables[table - 1], limited)


def per_table(state: TablesState, number: int) -> bool:
    """Whether round ``number``'s tables record their results in their own streams."""
    return _round(state, number).per_table


def record_report(state: TablesState, own: TableState, number: int, table: int,
                  vp_halves: dict[str, Any], now: str) -> Recorded:
    """``own``: the table's stream (read only in a per-table round)."""
    refuse_unmigrated(state)
    rnd = _round(state, number)
    first = rnd.per_table and own.result is None and table not in rnd.results
    if first and 1 <= table <= len(rnd.tables) and not state.final_started:
        events = decide_table(Report(facts(rnd, table, True), vp_halves, now), own)
        return Recorded(own={table: events}, counted=(number, table))
    seats = own.seating(facts(rnd, table, True)) if rnd.per_table and \
        1 <= table <= len(rnd.tables) else None
    return Recorded(tables=TABLES.decide(c.ReportTable(
        number, table, vp_halves, now, seats, own.dropped if seats is not None else None),
        state))


def record_drop(state: TablesState, own: TableState | None, player: str, loss: bool,
                limited: bool, now: str) -> Recorded:
    """A drop after the seating of the current round (nothing before the first seating,
    after the final started, or for a player sitting out). ``own``: the stream of the
    player's table (see :func:`dropped_table`)."""
    refuse_unmigrated(state)
    rnd = state.current
    if rnd is None or state.final_started:
        return Recorded()
    if not rnd.per_table:
        return Recorded(tables=TABLES.decide(c.DropPlayer(player, loss, limited, now), state))
    table = dropped_table(state, player)
    if table is None or own is None:
        return Recorded()
    events = decide_table(Drop(facts(rnd, table, limited), player, loss, now), own)
    return Recorded(own={table: events} if events else {})


def dropped_table(state: TablesState, player: str) -> int | None:
    """The table of the current per-table round whose stream a drop of ``player`` writes."""
    rnd = state.current
    if rnd is None or not rnd.per_table or state.final_started:
        return None
    return rnd.table_of(player)


def swap_tables(state: TablesState, number: int, players: tuple[str, str]) -> list[int]:
    """The tables of a per-table round a swap of ``players`` reseats (their streams)."""
    rnd = _round(state, number)
    if not rnd.per_table:
        return []
    return sorted({t for t in (rnd.table_of(p) for p in players) if t is not None})


def record_swap(state: TablesState, owns: dict[int, TableState], number: int,
                players: tuple[str, str], now: str) -> Recorded:
    """The swap in the tables stream; in a per-table round, each reseated table's stream
    marks its new seats (so a report of that table and the swap cannot pass each other)."""
    refuse_unmigrated(state)
    rnd = _round(state, number)
    if not rnd.per_table:
        return Recorded(tables=TABLES.decide(c.SwapPlayers(number, players, now), state))
    reported = tuple(t for t, own in owns.items() if own.result is not None)
    dropped = tuple(p for own in owns.values() for p in own.dropped)
    events = TABLES.decide(c.SwapPlayers(number, players, now, reported, dropped), state)
    after = TABLES.evolve(state, events[0]).rounds[number - 1]
    marks = {t: decide_table(Reseat(facts(rnd, t, True), after.tables[t - 1]), own)
             for t, own in owns.items()}
    return Recorded(tables=events, own=marks)


def complete(rnd: Round, tally: int) -> bool:
    """Every table of an open per-table round has its result (``tally`` counts them)."""
    return rnd.per_table and tally >= len(rnd.tables)


def close_command(rnd: Round, owns: dict[int, TableState]) -> c.CloseRound:
    """CloseRound with each table's seats, drops and result from its own stream."""
    return c.CloseRound(rnd.number, {
        k: (own.seating(facts(rnd, k, True)), own.dropped, own.result)
        for k, own in owns.items()})
