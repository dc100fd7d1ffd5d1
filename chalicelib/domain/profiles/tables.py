"""Tables section of the game profiles (owned by the tables capability).

Multiplayer tables (V:EKN 3.1-3.7) and free-for-all pods (MTG 905.3) read this section.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

from .clock import checks_vekn_clock, vekn_time_limits


class TablesSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    # Preliminary rounds planned (V:EKN 3.1: at least two before the final). The plan
    # matters for 6, 7 and 11 players, whose sit-out schedule spans all rounds.
    rounds: int = Field(default=3, ge=2, le=12)
    # V:EKN 3.1.6: under 8 players the organizer may omit the final ("none") or play
    # one more preliminary round instead ("extra-round"); decided before round 1.
    final: Literal["final", "none", "extra-round"] = "final"
    # V:EKN 3.1.5 (multi-deck) is the deck section's ``multi_deck``: one setting owns it.
    # Let the players seated at a table report its result (otherwise staff only).
    players_report: bool = False
    # The clock (V:EKN 3.1.1: announced before play, two hours at least; the final may
    # last longer). None: no time limit (free-for-all pods, MTG 905.3, say none).
    round_minutes: int | None = Field(default=120, ge=1, le=600)
    final_minutes: int | None = Field(default=120, ge=1, le=600)

    @model_validator(mode="after")
    def _game_clock(self, info: ValidationInfo) -> TablesSettings:
        if checks_vekn_clock(info.context, "tables"):
            problems = vekn_time_limits("tables", {"round_minutes": self.round_minutes,
                                                   "final_minutes": self.final_minutes})
            if problems:
                raise ValueError("; ".join(problems))
        return self

    @model_validator(mode="after")
    def _three_rounds(self) -> TablesSettings:
        # V:EKN 3.1: "a minimum of three rounds" counting the final; without a final
        # (3.1.6) the preliminary rounds alone must make three.
        if self.final == "none" and self.rounds < 3:
            raise ValueError("V:EKN 3.1: a tournament has at least three rounds; "
                             "without a final, plan at least 3 preliminary rounds")
        return self

    @classmethod
    def for_game(cls, game: str) -> TablesSettings:
        if game == "mtg":
            return cls(round_minutes=None, final_minutes=None)
        return cls()

    def preliminary_rounds(self) -> int:
        return self.rounds + (1 if self.final == "extra-round" else 0)
