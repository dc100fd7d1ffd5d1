"""The state of the trade set-up aggregate."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...pods.assignment import pod_number


@dataclass(frozen=True)
class TradePrepState:
    decks: dict[str, dict[str, Any]] = field(default_factory=dict)
    pods: tuple[tuple[str, ...], ...] = ()
    first_seats: tuple[str, ...] = ()
    formed_at: str | None = None      # each pod's clock starts then (it opens afterwards)

    @property
    def formed(self) -> bool:
        return bool(self.pods)

    def pod_of(self, player: str) -> int | None:
        return pod_number(self.pods, player)
