"""The evolve function of the token aggregate (stream ``token-<sha256>``)."""
from __future__ import annotations

from dataclasses import replace

from ...events import Event
from ..events import TokenIssued, TokenRevoked
from .state import TokenState


def evolve(state: TokenState, event: Event) -> TokenState:
    if isinstance(event, TokenIssued):
        return TokenState(principal=event.principal, issued_at=event.issued_at)
    if isinstance(event, TokenRevoked):
        return replace(state, revoked=True)
    return state
