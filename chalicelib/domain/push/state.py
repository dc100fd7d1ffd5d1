"""The state of the push-subscriptions aggregate (stream ``push-<tid>-<pid>``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Subscriptions:
    active: dict[str, dict[str, Any]] = field(default_factory=dict)   # id -> subscription
