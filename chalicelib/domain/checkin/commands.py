"""The commands of the check-in aggregate (stream ``checkin-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class OpenCheckIn:
    """Open check-in for the event or a round; the seed makes the code."""

    scope: str
    seed: str
    by: str
    now: str


@dataclass(frozen=True)
class CloseCheckIn:
    """Close check-in: who has not checked in is listed as a no-show."""

    scope: str
    by: str
    now: str


@dataclass(frozen=True)
class CheckIn:
    """``code``: what the player gave (None: the staff record it, ``by`` = "staff")."""

    scope: str
    player_id: str
    by: str
    actor: str
    now: str
    code: str | None = None
