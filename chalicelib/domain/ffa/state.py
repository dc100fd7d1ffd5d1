"""The state of the free-for-all aggregate (stream ``ffa-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class FfaState:
    # pod -> rows {player, place, outlasted}
    pods: dict[int, list[dict[str, Any]]] = field(default_factory=dict)

    def pod_of(self, player: str) -> int | None:
        for pod, rows in self.pods.items():
            if any(r["player"] == player for r in rows):
                return pod
        return None
