"""The commands of the staff-keys aggregate (stream ``keys-<id>``)."""
from __future__ import annotations

from dataclasses import dataclass

from ...actor import ActorRef


@dataclass(frozen=True)
class IssueKey:
    """Issue an API key: only its SHA-256 is kept; a rotation names the key it replaces."""

    key_id: str
    token_sha256: str
    role: str
    owner_id: str
    tournament_id: str | None
    expires_at: str | None
    rotation_of: tuple[str, ...]
    by: ActorRef
    now: str


@dataclass(frozen=True)
class RevokeKey:
    """Revoke a key at once, with the reason (the key answers 401 from then on)."""

    key_id: str
    reason: str
    by: ActorRef
    now: str
