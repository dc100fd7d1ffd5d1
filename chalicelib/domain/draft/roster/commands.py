"""The commands of the booster draft roster aggregate (stream ``draft-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class StartDraft:
    """Seat the players in pods and record what each pod opens (from the seed)."""

    pods: list[list[str]]
    rounds: int
    # every player's starters: None when each pod's opening records its players'
    starters: dict[str, list[dict[str, Any]]] | None
    now: int
    by: str
    # what the organizer chose instead of the seed ("pods", "packs"): recorded so an
    # audit tells a choice from a changed draw
    chosen: tuple[str, ...] = ()
    # the seed the pods' packs are collated from, and the packs the organizer chose
    # instead ({player: [[cards] per round]}): each pod opens later, in its own commit
    seed: str | None = None
    packs: dict[str, list[list[str]]] | None = None


@dataclass(frozen=True)
class ProvideLateArrival:
    """Give a player who came late sealed product instead of a seat."""

    player: str
    product: dict[str, Any]
    now: int
    by: str
