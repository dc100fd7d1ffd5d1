"""The account decider: an organizer or a federation account, created once."""
from __future__ import annotations

from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Invalid
from ..events import Event
from .commands import CreateAccount
from .events import AccountCreated
from .state import AccountState

ACCOUNT_ROLES = ("organizer", "federation")


def decide(cmd: Any, state: AccountState) -> list[Event]:
    if not isinstance(cmd, CreateAccount):
        unknown_command("account", cmd)
    if state.exists:
        raise Conflict("account already exists")
    if cmd.role not in ACCOUNT_ROLES:
        raise Invalid("accounts are organizers or federations", {"allowed": list(ACCOUNT_ROLES)})
    return [AccountCreated(account_id=cmd.account_id, role=cmd.role, name=cmd.name,
                           created_at=cmd.now)]
