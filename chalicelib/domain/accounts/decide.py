"""Account and token deciders."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Invalid, NotFound
from ..events import Event
from .events import AccountCreated, TokenIssued, TokenRevoked

ROLES = ("admin", "organizer", "judge", "player", "federation")
ACCOUNT_ROLES = ("organizer", "federation")


@dataclass(frozen=True)
class CreateAccount:
    account_id: str
    role: str
    name: str
    now: str


@dataclass(frozen=True)
class IssueToken:
    principal: dict[str, Any]   # {"role", "id", "name", "tournament_id"?, "player_id"?}
    now: str


@dataclass(frozen=True)
class RevokeToken:
    now: str


@dataclass(frozen=True)
class AccountState:
    exists: bool = False
    id: str = ""
    role: str = ""
    name: str = ""
    created_at: str = ""


@dataclass(frozen=True)
class TokenState:
    principal: dict[str, Any] | None = None
    revoked: bool = False
    issued_at: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def active(self) -> bool:
        return self.principal is not None and not self.revoked


def decide_account(cmd: Any, state: AccountState) -> list[Event]:
    if not isinstance(cmd, CreateAccount):
        unknown_command("account", cmd)
    if state.exists:
        raise Conflict("account already exists")
    if cmd.role not in ACCOUNT_ROLES:
        raise Invalid("accounts are organizers or federations", {"allowed": list(ACCOUNT_ROLES)})
    return [AccountCreated(account_id=cmd.account_id, role=cmd.role, name=cmd.name,
                           created_at=cmd.now)]


def evolve_account(state: AccountState, event: Event) -> AccountState:
    if isinstance(event, AccountCreated):
        return AccountState(True, event.account_id, event.role, event.name, event.created_at)
    return state


def decide_token(cmd: Any, state: TokenState) -> list[Event]:
    if isinstance(cmd, IssueToken):
        if state.principal is not None:
            raise Conflict("token already issued")
        if cmd.principal.get("role") not in ROLES:
            raise Invalid("unknown role")
        return [TokenIssued(principal=cmd.principal, issued_at=cmd.now)]
    if isinstance(cmd, RevokeToken):
        if not state.active:
            raise NotFound("no active token")
        return [TokenRevoked(at=cmd.now)]
    unknown_command("token", cmd)


def evolve_token(state: TokenState, event: Event) -> TokenState:
    if isinstance(event, TokenIssued):
        return TokenState(principal=event.principal, issued_at=event.issued_at)
    if isinstance(event, TokenRevoked):
        return replace(state, revoked=True)
    return state
