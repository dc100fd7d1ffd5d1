"""The commands of the free-for-all aggregate (stream ``ffa-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReportPodGame:
    """Report a free-for-all pod game: its winner and the order of elimination."""

    pod: int
    winner: str
    eliminated: list[str]
    # Facts: the pod's players when the pods are known, else the tournament's players.
    pod_players: list[str] | None = None
    tournament_players: list[str] | None = None
    now: str = ""
