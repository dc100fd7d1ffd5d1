"""The state of the product-gate aggregate (stream ``product-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import Conflict

OPEN, LOCKED, HANDED_OUT = "open", "locked", "handed_out"


@dataclass(frozen=True)
class HandOutState:
    status: str = OPEN
    consumer: str | None = None
    players: frozenset[str] = frozenset()
    at: str | None = None

    def refuses(self, player: str) -> Conflict | None:
        """Why an entry for ``player`` is refused now, if it is."""
        if self.status == LOCKED:
            return Conflict("the entered product is being handed out; retry in a moment",
                            {"consumer": self.consumer}, code="product_locked")
        if self.status == HANDED_OUT and player in self.players:
            return Conflict("this player's product was already handed out",
                            {"consumer": self.consumer, "player_id": player},
                            code="product_handed_out")
        return None
