"""Deck section of the game profiles (owned by the deck capability)."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class DeckSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @classmethod
    def for_game(cls, game: str) -> "DeckSettings":
        return cls()
