"""Draft section of the game profiles (owned by the draft capability)."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class DraftSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @classmethod
    def for_game(cls, game: str) -> "DraftSettings":
        return cls()
