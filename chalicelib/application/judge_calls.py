"""Judge calls: a player calls a judge to their own table or match (found from the round
in play when they name none), staff call one anywhere; judges see the queue, oldest
first, with the judge who rules there suggested (V:EKN 2.9: the first of the Multi-Judge
System not seated at that table, else the head judge), acknowledge and resolve. The caller
is told on their feed; response times go in the queue and the event report."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from ..auth import Principal, require_tournament_staff
from ..auth.principal import is_staff
from ..domain import judging as j
from ..domain.calls import CALLS, RESOLVED, AcknowledgeCall, Call, CallJudge, ResolveCall
from ..domain.errors import Forbidden, NotFound
from ..domain.swiss import SWISS
from ..domain.tables.aggregate import TABLES
from ..domain.tournament import TournamentState
from ..service import UnitOfWork
from . import tournament
from .judging import head_judge
from .reads import Reads
from .sources import reader


def _location(load: Any, t: TournamentState, player: str | None, number: int | None,
              table: int | None) -> tuple[int | None, int | None, str | None, list[str]]:
    """(round, table, match, seats) of the call: the named table of the named (or current)
    round, or the calling player's own."""
    if t.structure == "swiss":
        swiss = load(SWISS, t.id)
        rounds = [r for r in swiss.rounds if number is None or r.number == number]
        if rounds:
            for m in rounds[-1].matches:
                if (table is not None and m.table == table) or \
                        (table is None and player in (m.a, m.b)):
                    return rounds[-1].number, m.table, m.id, [p for p in (m.a, m.b) if p]
    elif t.structure == "multiplayer-tables":
        state = load(TABLES, t.id)
        rounds = list(enumerate(state.rounds, start=1))
        rounds = [(n, r) for n, r in rounds if number is None or n == number]
        if rounds:
            n, rnd = rounds[-1]
            for k, seats in enumerate(rnd.tables, start=1):
                if (table is not None and k == table) or (table is None and player in seats):
                    return n, k, None, list(seats)
    if table is not None and player is None:
        return number, table, None, []
    raise NotFound("no such table in play" if table is not None
                   else "you are not seated at a table in play: name the table",
                   {"round": number, "table": table}, code="table_not_found")


def _doc(call: Call, now: datetime | None = None) -> dict[str, Any]:
    def seconds(start: str, end: str | None) -> float | None:
        if end is None:
            return None
        delta = datetime.fromisoformat(end) - datetime.fromisoformat(start)
        return round(delta.total_seconds(), 3)
    return {"call_id": call.call_id, "status": call.status, "caller": call.caller,
            "player_id": call.player_id, "round": call.round, "table": call.table,
            "match": call.match, "reason": call.reason, "suggested_judge": call.suggested,
            "called_at": call.called_at, "acknowledged_at": call.acknowledged_at,
            "acknowledged_by": call.acknowledged_by, "resolved_at": call.resolved_at,
            "resolved_by": call.resolved_by, "note": call.note,
            "response_seconds": seconds(call.called_at, call.acknowledged_at),
            "resolution_seconds": seconds(call.called_at, call.resolved_at)}


def call_judge(uow: UnitOfWork, actor: Principal, tid: str, number: int | None,
               table: int | None, reason: str) -> dict[str, Any]:
    t = tournament.load(uow, tid)
    tournament.require_running(t, message="judges are called while the tournament runs")
    player = None
    if not is_staff(actor, t):
        if actor.role != "player" or actor.tournament_id != tid:
            raise Forbidden("a player of this tournament or its staff calls a judge")
        player = tournament.active_player(t, actor.player_id or "").id
    number, table, match, seats = _location(reader(uow), t, player, number, table)
    if player is not None and player not in seats:
        raise Forbidden("players call a judge to their own table", code="not_your_table")
    officials = uow.load(j.JUDGING, tid)
    suggested = j.ruling_judge(head_judge(officials, t), officials.panel, seats)
    call_id = uow.new_id("call")
    state, _ = uow.decide(CALLS, tid, CallJudge(
        call_id, actor.ref(), player, number, table, match, reason, suggested,
        uow.now.isoformat()))
    return {"tournament_id": tid, **_doc(state.calls[call_id])}


def acknowledge(uow: UnitOfWork, actor: Principal, tid: str, call_id: str) -> dict[str, Any]:
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    state, _ = uow.decide(CALLS, tid,
                          AcknowledgeCall(call_id, actor.ref(), uow.now.isoformat()))
    return {"tournament_id": tid, **_doc(state.calls[call_id])}


def resolve(uow: UnitOfWork, actor: Principal, tid: str, call_id: str,
            note: str | None) -> dict[str, Any]:
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    state, _ = uow.decide(CALLS, tid,
                          ResolveCall(call_id, actor.ref(), note, uow.now.isoformat()))
    return {"tournament_id": tid, **_doc(state.calls[call_id])}


def queue(reads: Reads, actor: Principal, tid: str, everything: bool) -> dict[str, Any]:
    """The calls not resolved yet, oldest first (``everything``: resolved ones too)."""
    t = tournament.load(reads, tid)
    require_tournament_staff(actor, t)
    state = reads.state(CALLS, tid)
    calls = [state.calls[c] for c in state.order]
    return {"tournament_id": tid,
            "calls": [_doc(c) for c in calls if everything or c.status != RESOLVED]}


def response_times(source: Any, tid: str) -> dict[str, Any]:
    """The event report's judge calls: how many, and how long a judge took to answer
    (acknowledge) and to resolve them (median and slowest, seconds)."""
    state = reader(source)(CALLS, tid)
    docs = [_doc(state.calls[c]) for c in state.order]

    def summary(key: str) -> dict[str, Any]:
        values = sorted(d[key] for d in docs if d[key] is not None)
        if not values:
            return {"count": 0, "median": None, "max": None}
        return {"count": len(values), "median": values[len(values) // 2], "max": values[-1]}
    return {"calls": len(docs), "acknowledged": summary("response_seconds"),
            "resolved": summary("resolution_seconds")}
