"""The one-off migration of a tournament's rounds recorded before each Swiss match and each
V:EKN table had a stream of its own (the support horizon: until it runs, the Swiss and
tables streams take no command, and no rule knows the old layout). Old events stay where
they are; what the migration writes is derived from them by the domain's plans, which the
offline verifier derives again. Running it twice writes nothing the second time."""
from __future__ import annotations

from typing import Any

from ..auth import Principal, require_role
from ..domain import streams
from ..domain.swiss import migration as swiss_migration
from ..domain.swiss.aggregate import MATCH, SWISS
from ..domain.tables import migration as tables_migration
from ..domain.tables.aggregate import TABLE, TABLES
from ..service import UnitOfWork
from . import tournament


def migrate(uow: UnitOfWork, actor: Principal, tid: str) -> dict[str, Any]:
    """Migrate tournament ``tid``'s old-layout Swiss and V:EKN rounds (administrators)."""
    require_role(actor, "admin")
    tournament.load(uow, tid)
    # every event this unit writes says so: the feeds do not announce copied results again
    uow.meta["migration"] = "results-layout"
    return {"tournament_id": tid, "swiss": _swiss(uow, tid), "tables": _tables(uow, tid)}


def _swiss(uow: UnitOfWork, tid: str) -> dict[str, Any]:
    state = uow.load(SWISS, tid)
    rounds = swiss_migration.unmigrated(state)
    ids = [m.id for r in state.rounds if r.number in rounds and not r.closed
           for m in r.matches]
    states = uow.peek_many(MATCH, [(tid, match_id) for match_id in ids])
    touched = frozenset(match_id for match_id in ids if states[(tid, match_id)].touched)
    plan = swiss_migration.plan(state, touched)
    for match_id, events in plan.copies.items():
        uow.record(MATCH, (tid, match_id), events)
    for number, table in plan.counted:
        uow.count(streams.swiss_round_tally(tid, number), table)
    if plan.swiss:
        uow.record(SWISS, tid, plan.swiss)
    return {"rounds": rounds, "copied": {m: len(e) for m, e in plan.copies.items()}}


def _tables(uow: UnitOfWork, tid: str) -> dict[str, Any]:
    state = uow.load(TABLES, tid)
    rounds = tables_migration.unmigrated(state)
    own = [(r.number, k) for r in state.rounds if r.number in rounds
           for k in range(1, len(r.tables) + 1)]
    states = uow.peek_many(TABLE, [(tid, n, k) for n, k in own])
    touched = frozenset((n, k) for n, k in own if states[(tid, n, k)] != TABLE.initial())
    plan = tables_migration.plan(state, touched)
    for (number, table), events in plan.copies.items():
        uow.record(TABLE, (tid, number, table), events)
    for rnd, table in plan.counted:
        uow.count(streams.tables_round_tally(tid, rnd), table)
    if plan.tables:
        uow.record(TABLES, tid, plan.tables)
    return {"rounds": rounds, "copied": {f"R{n}-T{t}": len(e)
                                         for (n, t), e in plan.copies.items()}}
