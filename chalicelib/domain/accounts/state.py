"""The state of the account aggregate (stream ``account-<id>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AccountState:
    exists: bool = False
    id: str = ""
    role: str = ""
    name: str = ""
    created_at: str = ""
