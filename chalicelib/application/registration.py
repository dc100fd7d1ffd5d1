"""Who plays: registration (self-registration, staff and late arrivals, with the player's
token), removal before the start, drops (and their consequence in a round already paired
or seated), and the public player list."""
from __future__ import annotations

import uuid
from typing import Any

from ..auth import (
    Principal,
    guessing,
    is_staff,
    issue_token,
    require_player,
    require_tournament_staff,
)
from ..domain import tournament as t
from ..domain.errors import Forbidden, Invalid
from ..projections.queries.tournaments import players_kind
from ..service import UnitOfWork
from . import admission, event_tiers, swiss_results, tournament, tournaments
from . import tables as tables_play
from .reads import Reads


def register(uow: UnitOfWork, actor: Principal | None, tid: str, name: str,
             member_id: str | None, token: str, code: str | None = None,
             client: str | None = None, secret: str = "",
             key: str | None = None) -> dict[str, Any]:
    """A player registers themself (``actor`` None: with the tournament's registration
    ``code`` when it has one, within its limit per ``client``, see ``admission.py``) or
    the tournament's staff registers them (after the start: a late arrival). ``token``
    becomes the player's (its hash is recorded; the caller shows it once). ``key``: the
    tournament's registration key when this process does not derive it from ``secret``
    (a venue node holds the deployment's, ``admission.registration_key``)."""
    state = tournament.load(uow, tid)
    staff = is_staff(actor, state)
    if actor is not None and not staff:
        require_tournament_staff(actor, state)   # another tournament's staff, a player: 403
    event_tiers.admit_qualified(uow, state, member_id)
    pid = "p" + uuid.uuid4().hex[:10]
    if actor is None:
        admission.count_client(uow, state, client, pid)
        if state.registration_code is not None:
            guessing.guard_code(uow, tid, client)
    new_state, _ = uow.decide(t.TOURNAMENT, tid, t.RegisterPlayer(
        pid, name, member_id, staff, uow.now.isoformat(),
        admission.given_digest(state.registration_code, secret,
                               key or admission.registration_key(secret, tid), tid, code)
        if code is not None else None))
    if new_state.structure == "multiplayer-tables" and new_state.status == t.state.RUNNING:
        tables_play.check_admission(uow, tid, new_state.active_count)
    issue_token(uow, token, {"role": "player", "id": pid, "name": name,
                             "tournament_id": tid, "player_id": pid})
    return {"tournament_id": tid, "player": new_state.players[pid].public()}


def replace_token(uow: UnitOfWork, actor: Principal, tid: str, pid: str,
                  token: str) -> dict[str, Any]:
    """A new token for the player: the staff re-issues it (a lost phone) or the player
    rotates their own; the previous token answers 401 from then on. Removed players have
    none (404); a dropped player's new token reads like the old one."""
    state = tournament.load(uow, tid)
    require_player(actor, state, pid)
    by_player = actor.role == "player"
    new_state, _ = uow.decide(t.TOURNAMENT, tid, t.ReplacePlayerToken(
        pid, by_player, uow.now.isoformat(), actor.credential if by_player else None,
        by_judge=actor.role == "judge"))
    player = new_state.players[pid]
    issue_token(uow, token, {"role": "player", "id": pid, "name": player.name,
                             "tournament_id": tid, "player_id": pid,
                             "credential": player.credential})
    return {"tournament_id": tid, "player_id": pid, "credential": player.credential,
            "issued_at": uow.now.isoformat()}


def remove(uow: UnitOfWork, actor: Principal, tid: str, pid: str) -> dict[str, Any]:
    """The staff removes a player before the start."""
    require_tournament_staff(actor, tournament.load(uow, tid))
    uow.decide(t.TOURNAMENT, tid, t.RemovePlayer(pid, uow.now.isoformat()))
    return {"tournament_id": tid, "player_id": pid, "removed": True}


def drop(uow: UnitOfWork, actor: Principal, tid: str, pid: str, reason: str | None,
         after_seating: str | None, penalty_id: str | None = None) -> dict[str, Any]:
    """The player (or the staff for them) drops, and, in the same unit of work, its
    consequence in the round already paired or seated (a loss; on multiplayer tables the
    judge may ``unseat`` instead, V:EKN 3.3.2), so the next pairing or seating leaves the
    player out; ``penalty_id``: the disqualification it carries out (named in the drop,
    so the public audit log ties the two together)."""
    state = tournament.load(uow, tid)
    require_player(actor, state, pid)
    if after_seating is not None:
        if state.structure != "multiplayer-tables":
            raise Invalid("after_seating applies to multiplayer tables only",
                          {"structure": state.structure})
        if after_seating == "unseat" and not is_staff(actor, state):
            raise Forbidden("the judge decides how a drop after the seating is treated "
                            "(V:EKN 3.3.2)")
    new_state, _ = uow.decide(t.TOURNAMENT, tid,
                              t.DropPlayer(pid, reason, uow.now.isoformat(), penalty_id))
    result = None
    if state.structure == "swiss":
        result = swiss_results.record_drop(uow, tid, pid, actor.id)
    elif state.structure == "multiplayer-tables":
        result = tables_play.record_drop(uow, new_state, pid, after_seating != "unseat")
    return {"tournament_id": tid, "player": new_state.players[pid].public(),
            "round_result": result}


def players(reads: Reads, tid: str, after: str | None, limit: int
            ) -> tuple[dict[str, Any], str | None]:
    """Players in registration order, a page at a time: the page and the sort key the
    next one starts after (None on the last)."""
    summary = tournaments.get(reads, tid)
    page = reads.views.list(players_kind(tid), after=after, limit=limit + 1)
    more = len(page) > limit
    page = page[:limit]
    return ({"tournament_id": tid, "total": summary["players"]["registered"],
             "players": [v.doc for v in page]}, page[-1].sort if more else None)
