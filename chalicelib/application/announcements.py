"""Announcements: the staff tell every player something (the public feed carries it; Web
Push brings it to the phones of players who subscribed)."""
from __future__ import annotations

from typing import Any

from ..auth import Principal, require_tournament_staff
from ..domain.announcements import ANNOUNCEMENTS, Announce
from ..service import UnitOfWork
from . import tournament


def announce(uow: UnitOfWork, actor: Principal, tid: str, text: str) -> dict[str, Any]:
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    if t.status == "finished":
        from ..domain.errors import Conflict
        raise Conflict("the tournament is finished", code="tournament_finished")
    _, events = uow.decide(ANNOUNCEMENTS, tid, Announce(
        uow.new_id("ann"), text, actor.ref(), uow.now.isoformat()))
    return {"tournament_id": tid, **events[0].data}
