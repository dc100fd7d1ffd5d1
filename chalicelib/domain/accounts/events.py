"""Events of account streams (``account-<id>``) and token streams (``token-<sha256>``)."""
from __future__ import annotations

from typing import Any

from ..actor import ActorRef
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


@event
class KeyIssued(Event):
    """A staff credential (an organizer's or federation's key, a judge's token) recorded
    in its owner's ``keys-<owner>`` stream: what lists, revokes and rotates it. The
    token's SHA-256 names its token stream (never the token); this stream is never
    served whole, only as ``key_id``, dates and who acted."""

    key_id: str
    token_sha256: str
    role: str                      # organizer, federation or judge
    owner_id: str
    tournament_id: str | None      # a judge's tournament
    expires_at: str | None
    rotation_of: list[str]         # the keys this one replaced (revoked with it)
    by: ActorRef
    at: str


@event
class KeyRevoked(Event):
    key_id: str
    reason: str                    # revoked, rotated
    by: ActorRef
    at: str
