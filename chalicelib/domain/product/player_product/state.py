"""The state of the player-product aggregate (stream ``product-<tid>-<pid>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PlayerProduct:
    entered: bool = False
    revision: int = 0
    source: str | None = None
    packs: tuple[dict[str, Any], ...] = ()
    starters: tuple[dict[str, Any], ...] = ()
    at: str | None = None
    by: str | None = None
    handed_out: str | None = None     # the consumer that took it on its own (late arrival)

    def allocation(self) -> dict[str, Any]:
        return {"packs": [dict(p) for p in self.packs],
                "starters": [dict(s) for s in self.starters]}
