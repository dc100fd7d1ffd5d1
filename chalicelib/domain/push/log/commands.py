"""The command of the push log aggregate."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RecordBatch:
    results: tuple[dict[str, Any], ...]
    now: str
