"""The tournament as the other use cases see it: its state, or 404, and the checks that
a capability is played in it."""
from __future__ import annotations

import re

from ..domain import streams
from ..domain.errors import Conflict, NotFound
from ..domain.tournament import TOURNAMENT, TournamentState
from ..domain.tournament import state as tstate
from ..service import UnitOfWork

TID = re.compile(r"^t[0-9a-f]{12}$")


def checked_tid(tid: str) -> str:
    if not TID.match(tid):
        raise NotFound(f"no tournament {tid!r}")
    return tid


def load(uow: UnitOfWork, tid: str, guard: bool = True) -> TournamentState:
    """The tournament's state (``guard``: the commit fails and the work is re-run if it
    changes meanwhile); 404 if there is none."""
    state = uow.load(TOURNAMENT, streams.tournament(checked_tid(tid)), guard=guard)
    if not state.exists:
        raise NotFound(f"no tournament {tid!r}")
    return state


def running_swiss(uow: UnitOfWork, tid: str, guard: bool = False) -> TournamentState:
    """The tournament, which must be running and played as Swiss rounds (409 otherwise)."""
    t = load(uow, tid, guard=guard)
    if t.structure != "swiss":
        raise Conflict(f"this tournament is played as {t.structure}, not Swiss",
                       {"structure": t.structure}, code="wrong_structure")
    if t.status != tstate.RUNNING:
        raise Conflict(f"the tournament is {t.status}; Swiss play needs a running tournament",
                       {"status": t.status}, code="not_running")
    return t
