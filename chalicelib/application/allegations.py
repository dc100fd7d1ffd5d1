"""Cheating allegations (V:EKN 5.1): any judge or the organizer reports one; the head
judge reviews it and decides: a penalty (given through the judges' records with the
infraction ``cheating``, in the same unit of work) or dismissed. Allegations are seen by
the tournament's staff only."""
from __future__ import annotations

from typing import Any

from ..auth import Principal, require_tournament_staff
from ..domain import allegations as al
from ..domain import judging as j
from ..domain.errors import NotFound
from ..service import UnitOfWork
from . import judging, tournament
from .reads import Reads


def report(uow: UnitOfWork, actor: Principal, tid: str, player: str, statement: str,
           number: int | None) -> dict[str, Any]:
    """A judge reports a cheating allegation against a player of the tournament."""
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    tournament.registered(t, player)
    state, _ = uow.decide(al.ALLEGATIONS, tid, al.ReportCheating(
        uow.new_id("alg"), player, statement, number, actor.ref(), uow.now.isoformat()))
    return _doc(tid, list(state.allegations.values())[-1])


def decide(uow: UnitOfWork, actor: Principal, tid: str, allegation_id: str, decision: str,
           note: str, kind: str | None) -> dict[str, Any]:
    """The head judge decides an allegation; ``penalized`` gives the penalty ``kind``."""
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    officials = uow.load(j.JUDGING, tid, guard=False)
    head = actor.role == "admin" or actor.id == judging.head_judge(officials, t)
    held = uow.load(al.ALLEGATIONS, tid)
    command = al.DecideAllegation(allegation_id, decision, note, head, actor.ref(),
                                  uow.now.isoformat())
    al.ALLEGATIONS.decide(command, held)           # refuse before the penalty is written
    penalty_id = None
    if decision == "penalized":
        found = held.allegations[allegation_id]
        penalty = judging.give_penalty(uow, actor, tid, found["player_id"], kind or "warning",
                                       note or found["statement"], "cheating", found["round"])
        penalty_id = penalty["penalty_id"]
    state, _ = uow.decide(al.ALLEGATIONS, tid,
                          al.DecideAllegation(allegation_id, decision, note, head,
                                              actor.ref(), uow.now.isoformat(), penalty_id))
    return _doc(tid, state.allegations[allegation_id])


def listing(reads: Reads, actor: Principal, tid: str) -> dict[str, Any]:
    """The tournament's allegations, oldest first (staff only)."""
    t = tournament.load(reads, tid)
    require_tournament_staff(actor, t)
    state = reads.state(al.ALLEGATIONS, tid)
    return {"tournament_id": tid,
            "items": [_doc(tid, a) for a in state.allegations.values()]}


def _doc(tid: str, allegation: dict[str, Any] | None) -> dict[str, Any]:
    if allegation is None:
        raise NotFound("no such allegation", code="allegation_not_found")
    return {"tournament_id": tid, **allegation}
