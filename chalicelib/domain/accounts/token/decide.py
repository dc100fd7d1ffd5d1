"""The token decider: a token is issued once, for a principal of a known role, and revoked
while active."""
from __future__ import annotations

from typing import Any

from ...decider import unknown_command
from ...errors import Conflict, Invalid, NotFound
from ...events import Event
from ..events import TokenIssued, TokenRevoked
from .commands import IssueToken, RevokeToken
from .state import TokenState

ROLES = ("admin", "organizer", "judge", "player", "federation")


def decide(cmd: Any, state: TokenState) -> list[Event]:
    if isinstance(cmd, IssueToken):
        if state.principal is not None:
            raise Conflict("token already issued")
        if cmd.principal.get("role") not in ROLES:
            raise Invalid("unknown role")
        return [TokenIssued(principal=cmd.principal, issued_at=cmd.now)]
    if isinstance(cmd, RevokeToken):
        if not state.active:
            raise NotFound("no active token")
        return [TokenRevoked(at=cmd.now)]
    unknown_command("token", cmd)
