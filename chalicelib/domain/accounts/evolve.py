"""The evolve function of the account aggregate (stream ``account-<id>``)."""
from __future__ import annotations

from ..events import Event
from .events import AccountCreated
from .state import AccountState


def evolve(state: AccountState, event: Event) -> AccountState:
    if isinstance(event, AccountCreated):
        return AccountState(True, event.account_id, event.role, event.name, event.created_at)
    return state
