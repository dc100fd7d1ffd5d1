"""Staff credentials of one owner (``keys-<owner>``): organizers' and federations' keys,
judges' tokens. Each key is issued with an optional expiry, revoked, or rotated (a new
key revoking the ones it replaces, in one unit of work with the token streams)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pyrsistent import PMap, pmap

from ...decider import unknown_command
from ...errors import Conflict, NotFound
from ...events import Event
from ..events import KeyIssued, KeyRevoked


@dataclass(frozen=True)
class IssueKey:
    key_id: str
    token_sha256: str
    role: str
    owner_id: str
    tournament_id: str | None
    expires_at: str | None
    rotation_of: tuple[str, ...]
    by: dict[str, Any]
    now: str


@dataclass(frozen=True)
class RevokeKey:
    key_id: str
    reason: str
    by: dict[str, Any]
    now: str


@dataclass(frozen=True)
class Key:
    key_id: str
    token_sha256: str
    issued_at: str
    expires_at: str | None
    issued_by: dict[str, Any]
    revoked_at: str | None = None
    revoked_by: dict[str, Any] | None = None
    revoke_reason: str | None = None

    def public(self, now: str) -> dict[str, Any]:
        """What a listing shows (never the hash)."""
        expired = self.expires_at is not None and self.expires_at <= now
        status = "revoked" if self.revoked_at else "expired" if expired else "active"
        return {"key_id": self.key_id, "status": status, "issued_at": self.issued_at,
                "expires_at": self.expires_at, "issued_by": dict(self.issued_by),
                "revoked_at": self.revoked_at, "revoke_reason": self.revoke_reason,
                "revoked_by": dict(self.revoked_by) if self.revoked_by else None}


@dataclass(frozen=True)
class KeysState:
    keys: PMap[Any, Any] = pmap()          # key_id -> Key, in issue order by issued_at

    def active(self) -> list[Key]:
        return [k for k in self.keys.values() if k.revoked_at is None]


def decide_keys(cmd: Any, state: KeysState) -> list[Event]:
    if isinstance(cmd, IssueKey):
        if cmd.key_id in state.keys:
            raise Conflict("key already issued", code="conflict")
        return [KeyIssued(key_id=cmd.key_id, token_sha256=cmd.token_sha256, role=cmd.role,
                          owner_id=cmd.owner_id, tournament_id=cmd.tournament_id,
                          expires_at=cmd.expires_at, rotation_of=list(cmd.rotation_of),
                          by=cmd.by, at=cmd.now)]
    if isinstance(cmd, RevokeKey):
        key = state.keys.get(cmd.key_id)
        if key is None:
            raise NotFound(f"no key {cmd.key_id}", {"key_id": cmd.key_id}, code="key_not_found")
        if key.revoked_at is not None:
            raise Conflict(f"key {cmd.key_id} is already revoked",
                           {"revoked_at": key.revoked_at}, code="key_revoked")
        return [KeyRevoked(key_id=cmd.key_id, reason=cmd.reason, by=cmd.by, at=cmd.now)]
    unknown_command("keys", cmd)


def evolve_keys(state: KeysState, event: Event) -> KeysState:
    if isinstance(event, KeyIssued):
        key = Key(event.key_id, event.token_sha256, event.at, event.expires_at, event.by)
        return replace(state, keys=state.keys.set(event.key_id, key))
    if isinstance(event, KeyRevoked):
        key = replace(state.keys[event.key_id], revoked_at=event.at, revoked_by=event.by,
                      revoke_reason=event.reason)
        return replace(state, keys=state.keys.set(event.key_id, key))
    return state
