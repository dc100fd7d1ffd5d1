"""Driving the tables aggregates in tests as the application does: a round seated with a
stream per table records each table's first result and its drops there (its own
``TableState``), swaps mark the tables they reseat, and the round closes at its last
result. ``World`` reads like the tables state (``world.current``, ``world.rounds``)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from chalicelib.domain.decider import fold
from chalicelib.domain.tables import commands as c
from chalicelib.domain.tables import recording
from chalicelib.domain.tables.aggregate import TABLE, TABLES
from chalicelib.domain.tables.state import TablesState
from chalicelib.domain.tables.table.state import TableState


@dataclass(frozen=True)
class World:
    state: TablesState = field(default_factory=TablesState)
    owns: dict[tuple[int, int], TableState] = field(default_factory=dict)
    tallies: dict[int, frozenset[int]] = field(default_factory=dict)
    limited: bool = True

    def own(self, number: int, table: int) -> TableState:
        return self.owns.get((number, table), TABLE.initial())

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)


def initial(limited: bool = True) -> World:
    return World(limited=limited)


def run(world: World, command: Any) -> tuple[World, list]:
    s = world.state
    if isinstance(command, c.ReportTable):
        in_own = 1 <= command.round <= len(s.rounds) and s.rounds[command.round - 1].per_table \
            and 1 <= command.table <= len(s.rounds[command.round - 1].tables)
        own = world.own(command.round, command.table) if in_own else TABLE.initial()
        rec = recording.record_report(s, own, command.round, command.table,
                                      command.vp_halves, command.now)
        number = command.round
    elif isinstance(command, c.DropPlayer):
        table = recording.dropped_table(s, command.player)
        number = s.current.number if s.current else 0
        own = world.own(number, table) if table is not None else None
        rec = recording.record_drop(s, own, command.player, command.loss, command.limited,
                                    command.now)
    elif isinstance(command, c.SwapPlayers):
        number = command.round
        owns = {t: world.own(number, t) for t in
                (recording.swap_tables(s, number, command.players)
                 if 1 <= number <= len(s.rounds) else [])}
        rec = recording.record_swap(s, owns, number, command.players, command.now)
    else:
        if isinstance(command, (c.SeatRound, c.StartFinal)) and s.current is not None:
            world, _ = _close(world, s.current.number)
            s = world.state
        events = TABLES.decide(command, s)
        return replace(world, state=fold(TABLES, s, events)), events
    owns = dict(world.owns)
    for table, events in rec.own.items():
        owns[(number, table)] = fold(TABLE, world.own(number, table), events)
    world = replace(world, state=fold(TABLES, s, rec.tables), owns=owns)
    events = [e for evs in rec.own.values() for e in evs] + rec.tables
    if rec.counted is not None:
        tallies = dict(world.tallies)
        tallies[number] = tallies.get(number, frozenset()) | {rec.counted[1]}
        world, closed = _close(replace(world, tallies=tallies), number)
        events += closed
    return world, events


def _close(world: World, number: int) -> tuple[World, list]:
    rnd = world.state.rounds[number - 1]
    if not recording.complete(rnd, len(world.tallies.get(number, ()))):
        return world, []
    owns = {k: world.own(number, k) for k in range(1, len(rnd.tables) + 1)}
    events = TABLES.decide(recording.close_command(rnd, owns), world.state)
    return replace(world, state=fold(TABLES, world.state, events)), events
