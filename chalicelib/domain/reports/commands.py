"""The commands of the report aggregate (stream ``report-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReceiveReport:
    federation_id: str
    tournament_finished: bool
    now: str
