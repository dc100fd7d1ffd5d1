"""Swiss section of the game profiles (owned by the swiss capability).

Munchkin CCG draft guidelines: 2 points per win or bye, no draws, strength-of-schedule
tiebreakers, rounds and top cut by player count, single elimination without reseeding,
best-of-three final. Magic: Magic Tournament Rules (3/1/0, OMW%/GW%/OGW% with a 0.33
floor, bye = 2-0 match win). .hack//ENEMY: Swiss best of three within drafting groups,
at least three rounds.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

from .clock import checks_vekn_clock, vekn_time_limits

TiebreakChain = Literal["munchkin-sos", "mtr"]


class StructureRow(BaseModel):
    """Up to ``max_players`` (None: any number) play ``rounds`` Swiss rounds and cut to
    ``top_cut`` (0: no cut)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    max_players: int | None = Field(default=None, ge=2)
    rounds: int = Field(ge=1, le=30)
    top_cut: int = Field(default=0, ge=0, le=256)

    @model_validator(mode="after")
    def _power_of_two(self) -> StructureRow:
        if self.top_cut and self.top_cut & (self.top_cut - 1):
            raise ValueError("top_cut must be 0 or a power of two (2, 4, 8, ...)")
        return self


def _rows(*rows: tuple[int | None, int, int]) -> list[StructureRow]:
    return [StructureRow(max_players=m, rounds=r, top_cut=c) for m, r, c in rows]


# Munchkin table (8: 3 rounds no cut; 9-16: 4/top 4; 17-32: 5/top 8), extended with
# one more round per doubling and a top 8 beyond 32 players: Podium's extension, which
# the profile says (EXTENSIONS below).
_DOUBLING = ((8, 3, 0), (16, 4, 4), (32, 5, 8), (64, 6, 8), (128, 7, 8), (256, 8, 8),
             (512, 9, 8), (1024, 10, 8), (2048, 11, 8), (4096, 12, 8), (8192, 13, 8),
             (16384, 14, 8), (None, 15, 8))


GUIDELINES_PLAYERS = 32   # Munchkin: a case of POPs "can support a draft of 32 people"

# Where a game's profile goes beyond its rule text, said with the profile.
EXTENSIONS = {"munchkin": [{
    "setting": "swiss.structure",
    "beyond": f"more than {GUIDELINES_PLAYERS} players",
    "message": f"The Munchkin CCG draft guidelines plan rounds and top cuts up to "
               f"{GUIDELINES_PLAYERS} players (8: 3 rounds, no cut; 9-16: 4 rounds, top 4; "
               f"17-32: 5 rounds, top 8). Above {GUIDELINES_PLAYERS}, Podium adds one Swiss "
               "round per doubling of the field and keeps a top 8: an extension, not the "
               "guidelines' text; organizers may set rounds and top_cut instead."}]}


class SwissSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    points_win: int = Field(default=3, ge=1, le=10)
    points_draw: int = Field(default=1, ge=0, le=10)
    points_loss: int = Field(default=0, ge=0, le=10)
    points_bye: int = Field(default=3, ge=0, le=10)
    draws_allowed: bool = True
    # Games per Swiss match (1 or 3 ...) and for the top-cut final.
    best_of: int = Field(default=3, ge=1, le=7)
    top_cut_best_of: int = Field(default=3, ge=1, le=7)
    final_best_of: int = Field(default=3, ge=1, le=7)
    tiebreakers: TiebreakChain = "mtr"
    pair_within_pods: bool = False
    # Structure by player count; an organizer may fix ``rounds``/``top_cut`` outright.
    structure: list[StructureRow] = Field(default_factory=lambda: _rows(*_DOUBLING),
                                          min_length=1, max_length=40)
    rounds: int | None = Field(default=None, ge=1, le=30)
    top_cut: int | None = Field(default=None, ge=0, le=256)
    min_rounds: int = Field(default=1, ge=1, le=30)
    # Time limits (None: untimed) of Swiss rounds, of top-cut rounds before the final
    # and of the final match.
    round_minutes: int | None = Field(default=50, ge=1, le=600)
    top_cut_minutes: int | None = Field(default=50, ge=1, le=600)
    final_minutes: int | None = Field(default=50, ge=1, le=600)

    @model_validator(mode="after")
    def _check(self) -> SwissSettings:
        if self.points_win <= self.points_draw or self.points_draw < self.points_loss:
            raise ValueError("points must satisfy win > draw >= loss")
        if self.top_cut and self.top_cut & (self.top_cut - 1):
            raise ValueError("top_cut must be 0 or a power of two")
        if self.structure[-1].max_players is not None:
            raise ValueError("the last structure row must have max_players null")
        limits = [row.max_players for row in self.structure[:-1]]
        given = [m for m in limits if m is not None]
        if len(given) < len(limits) or given != sorted(set(given)):
            raise ValueError("structure rows must have increasing max_players")
        for value in (self.best_of, self.top_cut_best_of, self.final_best_of):
            if value % 2 == 0:
                raise ValueError("best_of values must be odd")
        return self

    @model_validator(mode="after")
    def _game_clock(self, info: ValidationInfo) -> SwissSettings:
        if checks_vekn_clock(info.context, "swiss"):
            problems = vekn_time_limits("swiss", {"round_minutes": self.round_minutes,
                                                  "top_cut_minutes": self.top_cut_minutes,
                                                  "final_minutes": self.final_minutes})
            if problems:
                raise ValueError("; ".join(problems))
        return self

    @classmethod
    def for_game(cls, game: str) -> SwissSettings:
        if game == "munchkin":
            # Win or bye 2 points, no draws; "each round except the final match should
            # have a 40-minute time limit": the cut's rounds too, an untimed final.
            return cls(points_win=2, points_draw=0, points_loss=0, points_bye=2,
                       draws_allowed=False, best_of=1, top_cut_best_of=1,
                       final_best_of=3, tiebreakers="munchkin-sos",
                       round_minutes=40, top_cut_minutes=40, final_minutes=None)
        if game == "hack":
            # Best of three within drafting groups, at least three rounds, no cut.
            return cls(pair_within_pods=True, min_rounds=3,
                       structure=_rows((None, 3, 0)))
        if game == "mtg":
            # MTR: 3/1/0, a bye is a 2-0 match win (3 points).
            return cls()
        if game == "vtes":
            return cls(round_minutes=120, top_cut_minutes=120, final_minutes=120)
        return cls()
