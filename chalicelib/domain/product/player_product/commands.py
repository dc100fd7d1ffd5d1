"""The commands of the player-product aggregate (stream ``product-<tid>-<pid>``)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import CardSet
from ..state import HandOutState


@dataclass(frozen=True)
class EnterProduct:
    """``settings`` is the tournament's ``product`` section, ``sets`` the card sets it
    names, ``gate`` the hand-out gate's state (facts from other aggregates)."""

    tournament: str
    player: str
    settings: Mapping[str, Any]
    sets: Mapping[str, CardSet]
    packs: Sequence[Mapping[str, Any]]
    starters: Sequence[Mapping[str, Any]]
    gate: HandOutState
    now: str
    by: str
    reason: str | None = None


@dataclass(frozen=True)
class HandOutAlone:
    """Hand one player's entered product to a consumer (a late arrival)."""

    player: str
    consumer: str
    now: str
    by: str
