"""Product section of the game profiles (owned by the product capability).

Every player receives the same configuration (V:EKN 7.2.4): ``boosters`` in order
(for a draft, pack 1 is the first booster listed) and ``starters`` (preconstructed,
distributed randomly). ``source`` says where contents come from: ``collated`` from the
tournament seed, ``entered`` by the organizer from physical packs, or ``own`` (players
bring their own product within ``own`` limits; product need not be identical)."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

SET_ID = r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$"


class BoosterSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    set: str = Field(pattern=SET_ID)
    booster: str = Field(default="booster", pattern=SET_ID)
    count: int = Field(default=1, ge=1, le=24)


class StarterSpec(BaseModel):
    """``count`` starters from ``set``, drawn among ``choices`` (default: all of the set)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    set: str = Field(pattern=SET_ID)
    choices: list[str] | None = Field(default=None, min_length=1, max_length=50)
    count: int = Field(default=1, ge=1, le=4)


class OwnSetLimit(BaseModel):
    """How many boosters / starters of one set a player may bring (``None``: only the
    overall maximum applies)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    max_boosters: int | None = Field(default=None, ge=0, le=24)
    max_starters: int | None = Field(default=None, ge=0, le=4)


class OwnProductLimits(BaseModel):
    """Restrictions advertised for player-brought product (V:EKN 7.2.4): the sets allowed
    (empty: any known set), the most boosters and starters per player, and optionally
    per set. Enforced when a player's product is entered (see
    :mod:`chalicelib.domain.product.own`)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    sets: list[str] = Field(default_factory=list, max_length=20)
    max_boosters: int = Field(default=6, ge=0, le=24)
    max_starters: int = Field(default=1, ge=0, le=4)
    per_set: dict[str, OwnSetLimit] = Field(default_factory=dict, max_length=20)

    @model_validator(mode="after")
    def _per_set_sets(self) -> OwnProductLimits:
        outside = sorted(set(self.per_set) - set(self.sets)) if self.sets else []
        if outside:
            raise ValueError(f"per_set names sets that are not allowed: {outside}")
        return self


class ProductSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    source: Literal["collated", "entered", "own"] = "collated"
    boosters: list[BoosterSpec] = Field(default_factory=list, max_length=12)
    starters: list[StarterSpec] = Field(default_factory=list, max_length=4)
    # V:EKN 7.2.4: the organizer may let players trade starters before opening product.
    starter_trading: bool = False
    own: OwnProductLimits = Field(default_factory=OwnProductLimits)

    @model_validator(mode="after")
    def _total(self) -> ProductSettings:
        if sum(b.count for b in self.boosters) > 24:
            raise ValueError("at most 24 boosters per player")
        return self

    @property
    def booster_count(self) -> int:
        return sum(b.count for b in self.boosters)

    @classmethod
    def for_game(cls, game: str) -> ProductSettings:
        if game == "vtes":  # e.g. one starter as sealed deck + three drafted boosters
            return cls(boosters=[BoosterSpec(set="sample-vtes", count=3)],
                       starters=[StarterSpec(set="sample-vtes")])
        if game == "munchkin":  # four boosters + one draft hero each
            return cls(boosters=[BoosterSpec(set="sample-munchkin", count=4)],
                       starters=[StarterSpec(set="sample-munchkin", choices=["draft-hero"])])
        if game == "mtg":  # CR 905.1a: three draft rounds
            return cls(boosters=[BoosterSpec(set="sample-mtg", count=3)])
        if game == "hack":  # four boosters of the same configuration for everyone
            return cls(boosters=[BoosterSpec(set="sample-hack", count=4)])
        return cls()
