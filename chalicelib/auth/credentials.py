"""The credential a command was authenticated with is checked again inside its unit of
work, on guarded streams: a re-issue, rotation or revocation that commits between the
request's authentication and its commit makes the commit fail, the work re-run, and the
command refused (401), so a stolen token cannot act after the staff replaced it.

- a player's token: the tournament records the current credential number (its stream is
  loaded guarded; a re-issue or rotation changes it);
- a judge's token, an organizer's or federation's key: its own token stream (revoked,
  rotated or expired there).
The admin key is configuration, not a stream."""
from __future__ import annotations

from typing import Any

from ..domain.accounts import TOKEN
from ..domain.errors import Unauthenticated
from .principal import Principal, expired


def check_current(uow: Any, principal: Principal | None) -> None:
    """Refuse (401) unless ``principal``'s credential is still current, reading what
    says so guarded in ``uow``."""
    if principal is None or principal.role == "admin":
        return
    if principal.role == "player" and principal.tournament_id:
        from ..domain.tournament import TOURNAMENT  # on a player's first command (cold start)
        state = uow.load(TOURNAMENT, principal.tournament_id)
        player = state.player(principal.player_id or "")
        if player is None:
            raise Unauthenticated("this token was revoked: the player was removed",
                                  code="unauthorized")
        if player.credential != principal.credential:
            raise Unauthenticated(
                "this token was replaced (re-issued by the staff or rotated) while the "
                "request was under way; nothing was changed",
                {"credential": principal.credential, "current": player.credential},
                code="credential_replaced")
        return
    if principal.token_hash is None:
        return
    token = uow.load(TOKEN, principal.token_hash)
    if not token.active or expired(token.principal, uow.now):
        raise Unauthenticated("this token was revoked or has expired while the request "
                              "was under way; nothing was changed", code="credential_revoked")
