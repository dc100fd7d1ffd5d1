"""Folded state of one trading pod."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class TradePodState:
    status: str = "new"            # new | trading | crypt (adding crypt cards) | completed
    pod: int = 0
    players: tuple[str, ...] = ()  # seat order; left of seat i is seat i + 1
    decks: dict[str, dict[str, Any]] = field(default_factory=dict)
    # stock[player]: 15 slots, each (card, face_up)
    stock: dict[str, tuple[tuple[str, bool], ...]] = field(default_factory=dict)
    turn: int = 0
    active: int = 0                # seat index
    declined: frozenset[str] = frozenset()
    offer: dict[str, Any] | None = None      # {"target", "slot", "card"}
    trades: int = 0
    crypt_done: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def active_player(self) -> str | None:
        return self.players[self.active] if self.status == "trading" else None

    def face_up(self, player: str) -> list[int]:
        return [i for i, (_, up) in enumerate(self.stock.get(player, ())) if up]

    def holders(self) -> list[str]:
        """Players with any face-up card."""
        return [p for p in self.players if self.face_up(p)]
