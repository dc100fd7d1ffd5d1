"""The commands of the product-gate aggregate (stream ``product-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LockEntries:
    """Lock product entry before a hand-out (entries in flight are refused)."""

    consumer: str
    now: str
    by: str


@dataclass(frozen=True)
class UnlockEntries:
    """Unlock product entry after a consumer failed, so staff can correct it."""

    now: str
    by: str


@dataclass(frozen=True)
class HandOut:
    """Hand the entered product of these players to a consumer (draft, sealed...)."""

    consumer: str
    players: list[str]
    now: str
    by: str
