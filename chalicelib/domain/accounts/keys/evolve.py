"""The evolve function of the staff-keys aggregate (stream ``keys-<id>``)."""
from __future__ import annotations

from dataclasses import replace

from ...events import Event
from ..events import KeyIssued, KeyRevoked
from .state import Key, KeysState


def evolve(state: KeysState, event: Event) -> KeysState:
    if isinstance(event, KeyIssued):
        key = Key(event.key_id, event.token_sha256, event.at, event.expires_at, event.by)
        return replace(state, keys=state.keys.set(event.key_id, key))
    if isinstance(event, KeyRevoked):
        key = replace(state.keys[event.key_id], revoked_at=event.at, revoked_by=event.by,
                      revoke_reason=event.reason)
        return replace(state, keys=state.keys.set(event.key_id, key))
    return state
