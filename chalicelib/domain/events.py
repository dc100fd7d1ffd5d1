"""The event value every decider emits."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """A fact. ``data`` must be JSON-serialisable (str keys, lists not tuples)."""

    type: str
    data: dict[str, Any] = field(default_factory=dict)
