"""The state of the token aggregate (stream ``token-<sha256>``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class TokenState:
    principal: dict[str, Any] | None = None
    revoked: bool = False
    issued_at: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def active(self) -> bool:
        return self.principal is not None and not self.revoked
