"""Who is calling, and what they may do."""
from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Any

from ..domain import streams
from ..domain.accounts import TOKEN, IssueToken
from ..domain.errors import DomainError, Forbidden
from ..domain.tournament import TournamentState
from ..service import UnitOfWork
from .tokens import new_token, token_hash


class Unauthorized(DomainError):
    status = 401
    code = "unauthorized"


@dataclass(frozen=True)
class Principal:
    role: str              # admin | organizer | judge | player | federation
    id: str
    name: str = ""
    tournament_id: str | None = None
    player_id: str | None = None

    def ref(self) -> dict[str, Any]:
        """What events record about the actor (never the token)."""
        return {"role": self.role, "id": self.id}

    def public(self) -> dict[str, Any]:
        return {"role": self.role, "id": self.id, "name": self.name,
                "tournament_id": self.tournament_id, "player_id": self.player_id}


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
    """The caller, or None for an anonymous request; 401 for a bad token."""
    token = _bearer(request.headers)
    if token is None:
        return None
    if rt.admin_key and hmac.compare_digest(token_hash(token), token_hash(rt.admin_key)):
        return ADMIN
    state, _ = rt.service.read(TOKEN, streams.token(token_hash(token)))
    if not state.active:
        raise Unauthorized("unknown or revoked token")
    p = state.principal
    return Principal(p["role"], p["id"], p.get("name", ""), p.get("tournament_id"),
                     p.get("player_id"))


def authenticate(request, rt) -> Principal:
    principal = optional_principal(request, rt)
    if principal is None:
        raise Unauthorized("this route needs a bearer token")
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


def request_token(rt, idempotency, purpose: str) -> str:
    """The token a request hands out: random, or derived from its idempotency key so that a
    replayed request returns the same token although no token is ever stored."""
    return new_token(rt.token_secret, f"{idempotency.key}:{purpose}" if idempotency else None)


def issue_token(uow: UnitOfWork, token: str, principal: dict[str, Any]) -> None:
    """Record ``token`` for ``principal`` inside the unit of work. Only its hash is kept
    (as the token stream's id); the caller adds the token itself to the response."""
    uow.decide(TOKEN, streams.token(token_hash(token)), IssueToken(principal, uow.now.isoformat()))
