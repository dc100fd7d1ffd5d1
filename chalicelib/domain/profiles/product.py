"""Product section of the game profiles (owned by the product capability)."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ProductSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @classmethod
    def for_game(cls, game: str) -> "ProductSettings":
        return cls()
