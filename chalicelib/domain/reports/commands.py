"""The commands of the report aggregate (stream ``report-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReceiveReport:
    """A federation receives a finished tournament's report (V:EKN 9.2)."""

    federation_id: str
    tournament_finished: bool
    now: str
