"""Who is calling, and what they may do."""
from __future__ import annotations

import hmac
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..domain.accounts import TOKEN, IssueToken
from ..domain.errors import DomainError, Forbidden
from ..service import IdempotencyRequest, Reply, UnitOfWork
from . import guessing
from .tokens import new_token, token_hash

if TYPE_CHECKING:   # the tournament aggregate loads on a player's first token (cold start)
    from ..domain.tournament import TournamentState


class Unauthorized(DomainError, status=401, code="unauthorized"):
    """No credential, or one that is not (or no longer) valid: 401."""


@dataclass(frozen=True)
class Principal:
    role: str              # admin | organizer | judge | player | federation
    id: str
    name: str = ""
    tournament_id: str | None = None
    player_id: str | None = None
    # a player who dropped: still reads (``/me``, their results), no longer acts
    dropped: bool = False
    # the credential it authenticated with: a player's credential number, and the
    # token's hash (never the token), checked again inside each write (``credentials.py``)
    credential: int = 0
    token_hash: str | None = None

    def ref(self) -> dict[str, Any]:
        """What events record about the actor (never the token)."""
        return {"role": self.role, "id": self.id}

    def public(self) -> dict[str, Any]:
        return {"role": self.role, "id": self.id, "name": self.name,
                "tournament_id": self.tournament_id, "player_id": self.player_id,
                "dropped": self.dropped}


ADMIN = Principal("admin", "admin", "Administrator")


def _bearer(headers) -> str | None:
    value = headers.get("authorization")
    if not value:
        return None
    scheme, _, token = value.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("Authorization must be 'Bearer <token>'")
    return token.strip()


def optional_principal(request, rt) -> Principal | None:
    """The caller, or None for an anonymous request; 401 for a bad token (counted per
    client: 429 past the budget, ``guessing.py``)."""
    token = _bearer(request.headers)
    if token is None:
        return None
    try:
        return _principal(token, rt)
    except Unauthorized:
        limited = guessing.count_failed_token(
            rt.events, guessing.request_client(request, rt.token_secret),
            rt.service.clock().timestamp())
        if limited is not None:
            raise limited from None
        raise


def _principal(token: str, rt) -> Principal:
    if rt.admin_key and hmac.compare_digest(token_hash(token), token_hash(rt.admin_key)):
        return ADMIN
    state, _ = rt.service.read(TOKEN, token_hash(token))
    if not state.active:
        raise Unauthorized("unknown or revoked token")
    if expired(state.principal, rt.service.clock()):
        raise Unauthorized("this token has expired; ask for a new one")
    p = state.principal
    principal = Principal(p["role"], p["id"], p.get("name", ""), p.get("tournament_id"),
                          p.get("player_id"), credential=p.get("credential", 0),
                          token_hash=token_hash(token))
    if principal.role == "player":
        return _current_player(rt, principal, p.get("credential", 0))
    return principal


def expired(principal: dict[str, Any], now: datetime) -> bool:
    """Whether a token's optional ``expires_at`` has passed."""
    at = principal.get("expires_at")
    return at is not None and datetime.fromisoformat(at) <= now


def _current_player(rt, principal: Principal, credential: int) -> Principal:
    """A player's token lives as long as the player's registration and until the next
    re-issue or rotation (the tournament records which credential is current); after a
    drop it still reads but no longer acts."""
    from ..domain.tournament import TOURNAMENT
    tournament, _ = rt.service.read(TOURNAMENT, principal.tournament_id or "")
    player = tournament.player(principal.player_id or "")
    if player is None:
        raise Unauthorized("this token was revoked: the player was removed from the tournament")
    if player.credential != credential:
        raise Unauthorized("this token was replaced by a newer one (re-issued or rotated)")
    return replace(principal, dropped=player.status == "dropped")


SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def authenticate(request, rt, dropped_ok: bool = False) -> Principal:
    """The caller (401 without a known bearer token). A dropped player's token answers
    reads only: any other request is refused (403 ``player_dropped``) unless the route
    allows it (``dropped_ok``: rotating one's own token)."""
    principal = optional_principal(request, rt)
    if principal is None:
        raise Unauthorized("this route needs a bearer token")
    if principal.dropped and not dropped_ok and request.method.upper() not in SAFE_METHODS:
        raise Forbidden("the player has dropped: their token reads, it no longer acts",
                        {"player_id": principal.player_id}, code="player_dropped")
    return principal


def require_role(principal: Principal, *roles: str) -> Principal:
    if principal.role != "admin" and principal.role not in roles:
        raise Forbidden(f"needs one of the roles: {', '.join(roles)}")
    return principal


def is_staff(principal: Principal | None, tournament: TournamentState) -> bool:
    if principal is None:
        return False
    if principal.role == "admin":
        return True
    if principal.role == "organizer":
        return principal.id == tournament.organizer_id
    if principal.role == "judge":
        return principal.tournament_id == tournament.id and principal.id in tournament.judges
    return False


def require_tournament_staff(principal: Principal, tournament: TournamentState,
                             organizer_only: bool = False) -> Principal:
    """The organizer who owns the tournament, its judges (unless organizer_only), or admin."""
    if organizer_only and principal.role == "judge":
        raise Forbidden("only the tournament's organizer may do this")
    if not is_staff(principal, tournament):
        raise Forbidden("only the tournament's organizer or judges may do this")
    return principal


def require_player(principal: Principal, tournament: TournamentState, player_id: str) -> Principal:
    """That player themself, or the tournament's staff."""
    if principal.role == "player":
        if principal.tournament_id == tournament.id and principal.player_id == player_id:
            return principal
        raise Forbidden("players may act only for their own seat")
    return require_tournament_staff(principal, tournament)


def request_token(rt, idempotency: IdempotencyRequest | None, purpose: str) -> str:
    """The token a request hands out. For an identified caller's keyed request it is
    derived from the server secret and the key (scoped to that caller), so a replay, which
    only that caller can make, answers the same token although no token is stored.
    Otherwise random: an anonymous replay never shows it (see :func:`reveal_token`)."""
    if idempotency is not None and not idempotency.anonymous:
        return new_token(rt.token_secret, f"{idempotency.key}:{purpose}")
    return new_token(rt.token_secret, None)


WITHHELD = ("a replay of an anonymous request does not show the secret it issued: anyone "
            "holding the same key and body could replay it. Ask the organizer or a judge to "
            "re-issue the token (POST .../players/{pid}/token)")


def reveal_token(reply: Reply, field: str, token: str,
                 idempotency: IdempotencyRequest | None) -> Reply:
    """``reply`` with the freshly issued ``token`` in ``field``, added after the service
    stored the reply (so no stored reply holds a secret). A replay answers the token only
    to the caller whose key it is: an anonymous replay (a lost reply retried, or anyone
    else who learned the key and the body) gets ``field: null`` and ``token_withheld``."""
    if reply.status >= 300:
        return reply
    replayed = reply.headers.get("Idempotent-Replayed") == "true"
    if replayed and (idempotency is None or idempotency.anonymous):
        return Reply(reply.status, {**reply.body, field: None, "token_withheld": WITHHELD},
                     reply.headers)
    return Reply(reply.status, {**reply.body, field: token}, reply.headers)


def issue_token(uow: UnitOfWork, token: str, principal: dict[str, Any]) -> None:
    """Record ``token`` for ``principal`` inside the unit of work. Only its hash is kept
    (as the token stream's id); the caller adds the token itself to the response."""
    uow.decide(TOKEN, token_hash(token), IssueToken(principal, uow.now.isoformat()))
