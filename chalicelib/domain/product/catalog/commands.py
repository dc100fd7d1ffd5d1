"""The commands of the card-set aggregate (stream ``cardset-s-<set>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class UploadSet:
    """Upload a card set (its content hash pins it in tournaments that use it)."""

    data: dict[str, Any]
    owner: dict[str, Any]
    now: str
