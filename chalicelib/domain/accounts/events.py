"""Events of account streams (``account-<id>``) and token streams (``token-<sha256>``)."""
from __future__ import annotations

from typing import Any

from ..events import Event, event


@event
class AccountCreated(Event):
    account_id: str
    role: str                      # organizer or federation
    name: str
    created_at: str


@event
class TokenIssued(Event):
    principal: dict[str, Any]      # {"role", "id", "name", "tournament_id"?, "player_id"?}
    issued_at: str


@event
class TokenRevoked(Event):
    at: str
