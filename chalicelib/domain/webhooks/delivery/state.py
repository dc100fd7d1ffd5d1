"""The state of the webhook-delivery aggregate (stream ``webhook-<id>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DeliveryState:
    attempts: int = 0
    outcome: str | None = None     # None until the first attempt
    next_attempt_at: str | None = None

    @property
    def final(self) -> bool:
        return self.outcome in ("delivered", "failed")
