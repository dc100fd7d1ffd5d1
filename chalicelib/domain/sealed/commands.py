"""Commands of a tournament's sealed product (stream ``sealed-<tid>``): V:EKN 7.3,
7.3.2 (sealed-deck swap) and 7.2.4 (trading starters before opening)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..profiles.registration import MAX_PLAYERS_BY_FORMAT

__all__ = ["StartSealed", "ProposeStarterTrade", "AnswerStarterTrade", "OpenProduct",
           "RegisterProduct", "DealSwap", "AddLatePlayer"]


class StartSealed(BaseModel):
    """``allocations[player]`` is the product allocation shape
    (``{"packs": [{"set", "booster", "cards"}], "starters": [{"set", "starter", "cards"}]}``).
    ``hand_back_percent`` (10-20, 7.3.2) applies to a swap event only."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    players: list[str] = Field(min_length=1, max_length=MAX_PLAYERS_BY_FORMAT["sealed"])
    allocations: dict[str, dict[str, Any]]
    swap: bool = False
    hand_back_percent: int = Field(default=15, ge=10, le=20)
    starter_trading: bool = False
    now: datetime

    @model_validator(mode="after")
    def _shape(self) -> StartSealed:
        problems = []
        if len(set(self.players)) != len(self.players):
            problems.append("players must be distinct")
        missing = sorted(set(self.players) - set(self.allocations))
        extra = sorted(set(self.allocations) - set(self.players))
        if missing:
            problems.append(f"no product for {missing}")
        if extra:
            problems.append(f"product for players not listed: {extra}")
        for player, alloc in self.allocations.items():
            for key in ("packs", "starters"):
                items = alloc.get(key, [])
                if not isinstance(items, list) or not all(
                        isinstance(i, dict) and isinstance(i.get("cards"), list)
                        and all(isinstance(c, str) for c in i["cards"]) for i in items):
                    problems.append(f"{player}: {key} must be a list of items with cards")
        if self.swap and len(self.players) < 2:
            problems.append("a sealed-deck swap needs at least two players")
        if problems:
            raise ValueError("; ".join(problems))
        return self


class ProposeStarterTrade(BaseModel):
    """Offer one's starter ``give`` for another player's starter ``take`` (7.2.4)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    give: str
    take: str
    now: datetime


class AnswerStarterTrade(BaseModel):
    """The other player accepts or declines; the proposer may withdraw (accept=False)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    offer: str
    accept: bool
    now: datetime


class OpenProduct(BaseModel):
    """At the official's signal everyone opens their product; starter trading ends."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    now: datetime


class RegisterProduct(BaseModel):
    """Swap events: the player records the product they opened (7.3.2). When ``cards``
    is given it must match what was opened, card for card."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    cards: list[str] | None = Field(default=None, max_length=2000)
    now: datetime


class DealSwap(BaseModel):
    """The official hands back ``hand_back_percent`` of the registered product to the
    players who registered it and deals the rest at random to the others."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    seed: str = Field(min_length=1)
    now: datetime


class AddLatePlayer(BaseModel):
    """7.2.6: a late arrival receives product and builds under the sealed rules."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    allocation: dict[str, Any]
    now: datetime
