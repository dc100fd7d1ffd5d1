"""Swiss section of the game profiles (owned by the swiss capability)."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class SwissSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @classmethod
    def for_game(cls, game: str) -> "SwissSettings":
        return cls()
