"""A decklist: card ids per zone, duplicates allowed (two copies = the id twice)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from ..product.card_ids import ID_PATTERN

CardId = Annotated[str, Field(pattern=ID_PATTERN)]
MAX_ZONE = 500


class Decklist(BaseModel):
    """``library``/``crypt`` are used by V:EKN, ``main`` by the other games (the draw
    deck), ``sideboard`` by MTG (conspiracies go there or to the command zone) and
    ``hero`` by Munchkin. A game's validator refuses the zones it does not use."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    crypt: list[CardId] = Field(default_factory=list, max_length=MAX_ZONE)
    library: list[CardId] = Field(default_factory=list, max_length=MAX_ZONE)
    main: list[CardId] = Field(default_factory=list, max_length=MAX_ZONE)
    sideboard: list[CardId] = Field(default_factory=list, max_length=MAX_ZONE)
    hero: str | None = Field(default=None, pattern=ID_PATTERN)

    def zones(self) -> dict[str, list[str]]:
        """Every non-empty zone, the hero as a one-card zone."""
        out = {name: list(getattr(self, name))
               for name in ("crypt", "library", "main", "sideboard") if getattr(self, name)}
        if self.hero is not None:
            out["hero"] = [self.hero]
        return out

    def all_cards(self) -> Counter[str]:
        total: Counter[str] = Counter()
        for cards in self.zones().values():
            total.update(cards)
        return total

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


def counts(cards: Iterable[str]) -> dict[str, int]:
    """``{card id: copies}`` sorted by id, for compact display."""
    return dict(sorted(Counter(cards).items()))


def expand(entries: Iterable[dict[str, Any]]) -> list[str]:
    """``[{"id": "x", "count": 2}]`` -> ``["x", "x"]``."""
    out: list[str] = []
    for entry in entries:
        out.extend([entry["id"]] * int(entry.get("count", 1)))
    return out
