"""Tables section of the game profiles (owned by the tables capability)."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class TablesSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @classmethod
    def for_game(cls, game: str) -> "TablesSettings":
        return cls()
