"""The state of the card-set aggregate (stream ``cardset-s-<set>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import CardSet


@dataclass(frozen=True)
class CatalogEntry:
    exists: bool = False
    card_set: CardSet | None = None
    owner: dict[str, Any] | None = None
    uploaded_at: str | None = None
