"""V:EKN 5.1: "All disqualifications are subject to later V:EKN review". A federation
upholds or overturns a disqualification the head judge gave (whose decision bound the
event, 2.7). Overturned while the event runs, the player is restored: active again,
paired or seated from the next round (``appeal_corrections.compensate``); overturned
after it, the report shows the penalty overturned, and the federation records the event
in its ledger again if it counted."""
from __future__ import annotations

from typing import Any

from ..auth import Principal, require_role
from ..domain import judging as j
from ..domain.tournament import state as tstate
from ..service import UnitOfWork
from . import tournament
from .appeal_corrections import compensate


def review(uow: UnitOfWork, actor: Principal, tid: str, penalty_id: str, decision: str,
           note: str) -> dict[str, Any]:
    require_role(actor, "federation")
    t = tournament.load(uow, tid, guard=False)
    state, _ = uow.decide(j.JUDGING, tid, j.ReviewDisqualification(
        penalty_id, decision, note, actor.ref(), uow.now.isoformat()))
    penalty = state.penalties[penalty_id]
    restored = compensate(uow, actor, t, penalty) if t.status == tstate.RUNNING else None
    return {"tournament_id": tid, **penalty.as_dict(), "compensation": restored}
