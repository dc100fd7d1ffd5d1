"""The commands of the staff-keys aggregate (stream ``keys-<id>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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
