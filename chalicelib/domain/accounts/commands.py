"""The commands of the account aggregate (stream ``account-<id>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CreateAccount:
    """Create an account (organizer, judge, federation...) with its role and name."""

    account_id: str
    role: str
    name: str
    now: str
