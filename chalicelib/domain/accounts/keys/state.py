"""The state of the staff-keys aggregate (stream ``keys-<id>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyrsistent import PMap, pmap

from ...actor import ActorRef


@dataclass(frozen=True)
class Key:
    key_id: str
    token_sha256: str
    issued_at: str
    expires_at: str | None
    issued_by: ActorRef
    revoked_at: str | None = None
    revoked_by: ActorRef | None = None
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
