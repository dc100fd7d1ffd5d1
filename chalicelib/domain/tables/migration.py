"""The one-off migration of V:EKN rounds seated before each table had a stream of its own
(``results_in == "tables"``), and the support horizon: a tables stream with such a round
takes no command until it is migrated (``POST /v1/admin/tournaments/{tid}/migrations``),
so no rule has to know the old layout. The plan is a pure function of the tables state;
the verifier derives it again."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..events import Event
from ..layout_horizon import refuse_old_layout
from .drops import dropped_at
from .events import TablesPlayerDropped, TablesRoundMigrated, TablesTableReported
from .state import Round, TablesState


def unmigrated(state: TablesState) -> list[int]:
    """The rounds still in the old layout."""
    return [r.number for r in state.rounds if r.results_in != "table"]


def refuse_unmigrated(state: TablesState) -> None:
    refuse_old_layout(unmigrated(state), "tables", "rounds were seated")


@dataclass(frozen=True)
class Plan:
    tables: list[Event] = field(default_factory=list)              # to the tables stream
    copies: dict[tuple[int, int], list[Event]] = field(default_factory=dict)  # (round, table)
    counted: list[tuple[int, int]] = field(default_factory=list)   # (round, table) reported


def _closing(rnd: Round) -> TablesRoundMigrated:
    return TablesRoundMigrated(round=rnd.number, moved={}, tables=[
        {"seats": list(seats), "dropped": list(dropped_at(rnd, k)), "results": rnd.results[k]}
        for k, seats in enumerate(rnd.tables, start=1)])


def plan(state: TablesState, touched: frozenset[tuple[int, int]] = frozenset()) -> Plan:
    """What migrating every old-layout round writes (``touched``: (round, table) of open
    rounds' tables whose own stream has events already, which nothing is copied to)."""
    out = Plan()
    for rnd in state.rounds:
        if rnd.results_in == "table":
            continue
        if len(rnd.results) == len(rnd.tables):
            out.tables.append(_closing(rnd))
            continue
        moved: dict[str, int] = {}
        for k in range(1, len(rnd.tables) + 1):
            copies: list[Event] = [e for e in rnd.unmoved if isinstance(
                e, TablesTableReported | TablesPlayerDropped) and e.table == k]
            if not copies or (rnd.number, k) in touched:
                continue
            out.copies[(rnd.number, k)] = copies
            moved[str(k)] = len(copies)
            if any(isinstance(e, TablesTableReported) for e in copies):
                out.counted.append((rnd.number, k))
        out.tables.append(TablesRoundMigrated(round=rnd.number, moved=moved, tables=None))
    return out
