"""Folded state of a tournament's sealed product."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class SealedState:
    # new | allocated (sealed, starters may be traded) | opened (swap: registering) | final
    status: str = "new"
    players: tuple[str, ...] = ()
    swap: bool = False
    hand_back_percent: int = 15
    starter_trading: bool = False
    packs: dict[str, tuple[dict[str, Any], ...]] = field(default_factory=dict)
    # starters[id] = {"id", "set", "starter", "cards", "owner"}
    starters: dict[str, dict[str, Any]] = field(default_factory=dict)
    offers: dict[str, dict[str, Any]] = field(default_factory=dict)   # pending starter trades
    offers_made: int = 0
    opened: dict[str, tuple[str, ...]] = field(default_factory=dict)   # what each opened
    registered: frozenset[str] = frozenset()
    pools: dict[str, tuple[str, ...]] = field(default_factory=dict)    # final pools
    received_from: dict[str, str] = field(default_factory=dict)        # swap: whose product
    handed_back: tuple[str, ...] = ()

    def starters_of(self, player: str) -> list[dict[str, Any]]:
        return [s for s in self.starters.values() if s["owner"] == player]

    def starters_by_owner(self) -> dict[str, list[dict[str, Any]]]:
        """Every player's starters in one pass (``starters_of`` for each player is
        quadratic: 2,000 players' views and opening took seconds)."""
        owned: dict[str, list[dict[str, Any]]] = {p: [] for p in self.players}
        for s in self.starters.values():
            owned.setdefault(s["owner"], []).append(s)
        return owned
