"""Event section: what kind of event a tournament is (its tier), whether it is open to
all players (V:EKN 9.8), and where it is held (the federation's rankings by country,
city and continent read it). Rules that depend on the tier follow from it: the
Multi-Judge System is refused at qualifiers and championships (2.9), finalists' rating
bonuses are higher at championships (``domain/ledger``), and qualifications for a
continental championship are earned at the tiers its rules name."""
from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

Tier = Literal["casual", "store", "sanctioned", "national_qualifier",
               "continental_qualifier", "national_championship",
               "continental_championship", "premier"]
Continent = Literal["africa", "asia", "europe", "north_america", "oceania",
                    "south_america"]

TIERS: tuple[str, ...] = get_args(Tier)
CONTINENTS: tuple[str, ...] = get_args(Continent)
QUALIFIERS = ("national_qualifier", "continental_qualifier")
CHAMPIONSHIPS = ("national_championship", "continental_championship")
# tiers that are V:EKN-sanctioned events (the rest are not rated)
SANCTIONED_TIERS = ("sanctioned", *QUALIFIERS, *CHAMPIONSHIPS, "premier")


class EventSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    # None: follows sanctioning ("sanctioned" when the event is sanctioned, else "store")
    tier: Tier | None = None
    # V:EKN 9.8: a non-open event admits only qualified players; qualifiers themselves
    # "are open to all players".
    open: bool = True
    country: str | None = Field(default=None, pattern=r"^[A-Z]{2}$",
                                description="ISO 3166-1 alpha-2")
    city: str | None = Field(default=None, min_length=1, max_length=80)
    continent: Continent | None = None
    # V:EKN 9.8: the federation whose qualification list (for ``continent``) admits the
    # players of a non-open event
    federation_id: str | None = Field(default=None, pattern=r"^f[0-9a-f]{12}$")

    @model_validator(mode="after")
    def _open_qualifiers(self, info: ValidationInfo) -> EventSettings:
        if not self.open and self.tier in QUALIFIERS:
            raise ValueError("qualifiers are open to all players (V:EKN 9.8)")
        if not self.open and self.tier in ("casual", "store", "sanctioned"):
            raise ValueError("only championships and premier events are non-open "
                             "(V:EKN 9.8)")
        if not self.open and (self.federation_id is None or self.continent is None):
            raise ValueError("a non-open event names the federation and the continent "
                             "whose qualification list admits its players (V:EKN 9.8)")
        return self

    @classmethod
    def for_game(cls, game: str) -> EventSettings:
        return cls()


def effective_tier(settings: dict[str, Any]) -> str:
    """The tournament's tier: the one stated, else what its sanctioning says."""
    tier = (settings.get("event") or {}).get("tier")
    if tier is not None:
        return str(tier)
    return "sanctioned" if (settings.get("sanctioning") or {}).get("sanctioned") else "store"


def tier_problem(event: dict[str, Any], sanctioning: dict[str, Any]) -> str | None:
    """A sanctioned tier needs a sanctioned event, and the other way round."""
    tier = event.get("tier")
    sanctioned = bool(sanctioning.get("sanctioned"))
    if tier is None:
        return None
    if tier in SANCTIONED_TIERS and not sanctioned:
        return f"a {tier} event is V:EKN-sanctioned: set sanctioning.sanctioned"
    if sanctioned and tier not in SANCTIONED_TIERS:
        return f"a {tier} event is not V:EKN-sanctioned: unset sanctioning.sanctioned"
    return None


def multi_judge_refusal(settings: dict[str, Any]) -> str | None:
    """V:EKN 2.9: the Multi-Judge System "may be used at any non-qualifier,
    non-championship tournament"."""
    tier = effective_tier(settings)
    if tier in QUALIFIERS or tier in CHAMPIONSHIPS:
        return f"the Multi-Judge System is not used at a {tier.replace('_', ' ')} (V:EKN 2.9)"
    return None
