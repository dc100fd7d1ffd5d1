"""Staff credentials of one owner (``keys-<owner>``): organizers' and federations' keys,
judges' tokens. Each key is issued with an optional expiry, revoked, or rotated (a new
key revoking the ones it replaces, in one unit of work with the token streams)."""
from __future__ import annotations

from typing import Any

from ...decider import unknown_command
from ...errors import Conflict, NotFound
from ...events import Event
from ..events import KeyIssued, KeyRevoked
from .commands import IssueKey, RevokeKey
from .state import KeysState


def decide(cmd: Any, state: KeysState) -> list[Event]:
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
