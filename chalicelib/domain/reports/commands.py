"""The commands of the reports aggregate."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReceiveReport:
    federation_id: str
    tournament_finished: bool
    now: str
