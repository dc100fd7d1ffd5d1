"""The command of the push log aggregate."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RecordBatch:
    """Record what a batch of Web Push deliveries answered."""

    results: tuple[dict[str, Any], ...]
    now: str
