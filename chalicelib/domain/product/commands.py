"""The commands of the product-gate aggregate (stream ``product-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LockEntries:
    consumer: str
    now: str
    by: str


@dataclass(frozen=True)
class UnlockEntries:
    now: str
    by: str


@dataclass(frozen=True)
class HandOut:
    consumer: str
    players: list[str]
    now: str
    by: str
