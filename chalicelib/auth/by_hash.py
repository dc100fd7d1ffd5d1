"""A credential checked again later, from its hash alone (a WebSocket subscription keeps
the hash of the token it was made with, never the token): the principal it stands for
now, or None when it was revoked, replaced or has expired since."""
from __future__ import annotations

from typing import Any

from ..domain.accounts import TOKEN
from .principal import ADMIN, Principal, Unauthorized, _current_player, expired

ADMIN_CREDENTIAL = "admin"       # what a subscription made with the admin key keeps


def principal_by_hash(rt: Any, token_hash: str) -> Principal | None:
    if token_hash == ADMIN_CREDENTIAL:
        return ADMIN if rt.admin_key else None
    state, _ = rt.service.read(TOKEN, token_hash)
    if not state.active or expired(state.principal, rt.service.clock()):
        return None
    p = state.principal
    principal = Principal(p["role"], p["id"], p.get("name", ""), p.get("tournament_id"),
                          p.get("player_id"), credential=p.get("credential", 0),
                          token_hash=token_hash)
    if principal.role != "player":
        return principal
    try:
        return _current_player(rt, principal, p.get("credential", 0))
    except Unauthorized:
        return None
