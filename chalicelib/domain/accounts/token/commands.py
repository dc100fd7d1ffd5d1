"""The commands of the token aggregate (stream ``token-<sha256>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class IssueToken:
    """Issue a token for a principal (a player, staff member or federation)."""

    principal: dict[str, Any]   # {"role", "id", "name", "tournament_id"?, "player_id"?}
    now: str


@dataclass(frozen=True)
class RevokeToken:
    """Revoke the token: every request and subscription made with it ends."""

    now: str
