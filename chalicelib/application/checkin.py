"""Check-in: staff open it for the event or a round (a fresh code each time, which the
API also draws as a QR code), players check in from their phone with the code or the QR
code's content, staff record anyone present (an override, open or not), and staff list
who is present and who is not yet (the no-shows to settle before pairing or seating).

V:EKN 3.3 (tardiness) counts from a round's start: :func:`checked_in_at` tells when a
player checked in for a round, for the tardiness use case to read."""
from __future__ import annotations

import re
from typing import Any

from ..auth import Principal, require_tournament_staff
from ..domain.checkin import (
    CHECKIN,
    CheckIn,
    CheckInState,
    CloseCheckIn,
    OpenCheckIn,
    round_of,
    scope_of,
)
from ..domain.errors import Conflict, Forbidden, Invalid
from ..domain.tournament import TournamentState
from ..service import UnitOfWork
from . import tournament
from .reads import Reads

QR_PREFIX = "PODIUM-CHECKIN"
QR_CONTENT = re.compile(rf"^{QR_PREFIX}:(t[0-9a-f]{{12}}):(event|r[1-9][0-9]{{0,3}}):"
                        r"([A-Z0-9]{4,12})$")


def qr_content(tid: str, scope: str, code: str) -> str:
    """What the check-in QR code holds (an app posts it back as ``code``)."""
    return f"{QR_PREFIX}:{tid}:{scope}:{code}"


def _not_finished(t: TournamentState) -> None:
    if t.status == "finished":
        raise Conflict("the tournament is finished", code="tournament_finished")


def _scope_doc(t: TournamentState, state: CheckInState, scope: str) -> dict[str, Any]:
    current = state.scope(scope)
    return {"tournament_id": t.id, "scope": scope, "round": round_of(scope),
            "open": current.open, "code": current.code,
            "qr_content": qr_content(t.id, scope, current.code) if current.code else None}


def open_checkin(uow: UnitOfWork, actor: Principal, tid: str,
                 number: int | None) -> dict[str, Any]:
    """Open (or reopen, with a new code) self check-in for the event or round ``number``."""
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    _not_finished(t)
    scope = scope_of(number)
    state, _ = uow.decide(CHECKIN, tid,
                          OpenCheckIn(scope, t.seed, actor.id, uow.now.isoformat()))
    return _scope_doc(t, state, scope)


def close_checkin(uow: UnitOfWork, actor: Principal, tid: str,
                  number: int | None) -> dict[str, Any]:
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    scope = scope_of(number)
    state, _ = uow.decide(CHECKIN, tid,
                          CloseCheckIn(scope, actor.id, uow.now.isoformat()))
    return _scope_doc(t, state, scope)


def _presence(t: TournamentState, state: CheckInState, scope: str, pid: str) -> dict[str, Any]:
    present = state.scope(scope).present[pid]
    return {"tournament_id": t.id, "player_id": pid, "scope": scope,
            "round": round_of(scope), "checked_in_at": present["at"], "by": present["by"]}


def self_checkin(uow: UnitOfWork, actor: Principal, tid: str, code: str) -> dict[str, Any]:
    """The calling player checks in with the code, or the QR code's whole content."""
    t = tournament.load(uow, tid)
    if actor.role != "player" or actor.tournament_id != tid:
        raise Forbidden("players check in with their own token; staff record a player "
                        "present at .../checkin/players/{pid}", code="forbidden")
    player = tournament.active_player(t, actor.player_id or "")
    _not_finished(t)
    state = uow.load(CHECKIN, tid)
    given = code.strip()
    found = QR_CONTENT.match(given)
    if found:
        if found.group(1) != tid:
            raise Invalid("this QR code is another tournament's", code="wrong_tournament")
        scope, given = found.group(2), found.group(3)
    else:
        given = given.upper()
        scopes = [s for s, sc in state.scopes.items() if sc.open and sc.code == given]
        opened = [s for s, sc in state.scopes.items() if sc.open]
        scope = scopes[0] if scopes else (opened[-1] if opened else "event")
    state, _ = uow.decide(CHECKIN, tid, CheckIn(
        scope, player.id, "self", actor.id, uow.now.isoformat(), given))
    return _presence(t, state, scope, player.id)


def staff_checkin(uow: UnitOfWork, actor: Principal, tid: str, pid: str,
                  number: int | None) -> dict[str, Any]:
    """Staff record ``pid`` present for the event or round ``number`` (any time)."""
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    player = tournament.active_player(t, pid)
    scope = scope_of(number)
    state, _ = uow.decide(CHECKIN, tid, CheckIn(
        scope, player.id, "staff", actor.id, uow.now.isoformat()))
    return _presence(t, state, scope, player.id)


def status(reads: Reads, actor: Principal, tid: str, number: int | None) -> dict[str, Any]:
    """Who is checked in for the event or round ``number``, and the active players who
    are not (no-shows to settle before pairing or seating), in registration order."""
    t = tournament.load(reads, tid)
    require_tournament_staff(actor, t)
    scope = scope_of(number)
    state = reads.state(CHECKIN, tid)
    present = state.scope(scope).present
    players = [p for p in t.players.values() if p.status == "active"]
    return {**_scope_doc(t, state, scope),
            "checked_in": [{"player_id": p.id, "name": p.name, **present[p.id]}
                           for p in players if p.id in present],
            "no_shows": [{"player_id": p.id, "name": p.name}
                         for p in players if p.id not in present]}


def qr(reads: Reads, actor: Principal, tid: str, number: int | None) -> str:
    """The content of the open check-in's QR code (staff: they show it at the venue)."""
    t = tournament.load(reads, tid)
    require_tournament_staff(actor, t)
    scope = scope_of(number)
    current = reads.state(CHECKIN, tid).scope(scope)
    if not current.open or current.code is None:
        raise Conflict("check-in is not open", {"scope": scope}, code="checkin_closed")
    return qr_content(tid, scope, current.code)


def checked_in_at(source: Any, tid: str, number: int, pid: str) -> str | None:
    """When ``pid`` checked in for round ``number`` (None: not checked in); ``source``: a
    unit of work or the reads (for the tardiness of V:EKN 3.3)."""
    from .sources import reader
    state = reader(source)(CHECKIN, tid)
    present = state.scope(scope_of(number)).present.get(pid)
    return present["at"] if present else None
