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
from ..domain.swiss.decider import SWISS
from ..domain.swiss.match import MATCH
from ..domain.tables import migration as tables_migration
from ..domain.tables.decider import TABLES
from ..domain.tables.table_result import TABLE
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
    state = uow.load(SWISS, streams.swiss(tid))
    rounds = swiss_migration.unmigrated(state)
    ids = {streams.swiss_match(tid, m.id): m.id for r in state.rounds
           if r.number in rounds and not r.closed for m in r.matches}
    touched = frozenset(ids[sid] for sid, s in uow.peek_many(MATCH, list(ids)).items()
                        if s.touched)
    plan = swiss_migration.plan(state, touched)
    for match_id, events in plan.copies.items():
        uow.record(MATCH, streams.swiss_match(tid, match_id), events)
    for number, table in plan.counted:
        uow.count(streams.swiss_round_tally(tid, number), table)
    if plan.swiss:
        uow.record(SWISS, streams.swiss(tid), plan.swiss)
    return {"rounds": rounds, "copied": {m: len(e) for m, e in plan.copies.items()}}


def _tables(uow: UnitOfWork, tid: str) -> dict[str, Any]:
    state = uow.load(TABLES, streams.tables(tid))
    rounds = tables_migration.unmigrated(state)
    own = {streams.table_result(tid, r.number, k): (r.number, k) for r in state.rounds
           if r.number in rounds for k in range(1, len(r.tables) + 1)}
    touched = frozenset(own[sid] for sid, s in uow.peek_many(TABLE, list(own)).items()
                        if s != TABLE.initial())
    plan = tables_migration.plan(state, touched)
    for (number, table), events in plan.copies.items():
        uow.record(TABLE, streams.table_result(tid, number, table), events)
    for rnd, table in plan.counted:
        uow.count(streams.tables_round_tally(tid, rnd), table)
    if plan.tables:
        uow.record(TABLES, streams.tables(tid), plan.tables)
    return {"rounds": rounds, "copied": {f"R{n}-T{t}": len(e)
                                         for (n, t), e in plan.copies.items()}}
