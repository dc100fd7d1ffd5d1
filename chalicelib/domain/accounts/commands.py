"""The commands of the account aggregate (stream ``account-<id>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CreateAccount:
    account_id: str
    role: str
    name: str
    now: str
