"""Deck section of the game profiles (owned by the deck capability).

One model for every game; ``rules`` picks the validator and the other fields are its
limits. ``None`` on a V:EKN size field means "from the booster table" (7.2.1/7.2.2).
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

DeckRules = Literal["vtes", "hack", "munchkin", "mtg"]
Kind = Literal["crypt", "library", "hero", "conspiracy", "basic-land", "other"]
Zone = Literal["crypt", "library", "main", "sideboard", "hero"]

HeroId = Annotated[str, Field(min_length=1, max_length=64)]

# The zones a decklist of each game has.
ZONES: dict[str, tuple[str, ...]] = {
    "vtes": ("crypt", "library"),
    "hack": ("main",),
    "munchkin": ("main", "hero"),
    "mtg": ("main", "sideboard"),
}


class DeckSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    rules: DeckRules = "mtg"
    # Main deck (the library in V:EKN, the draw deck in .hack//ENEMY).
    deck_min: int | None = Field(default=None, ge=0, le=500)
    deck_max: int | None = Field(default=None, ge=0, le=500)
    # V:EKN crypt.
    crypt_min: int | None = Field(default=None, ge=0, le=200)
    crypt_max: int | None = Field(default=None, ge=0, le=200)
    max_copies: int | None = Field(default=None, ge=1, le=500)
    hero_required: bool = False
    # Cards the organizer provides, usable in any number: kinds (MTG basic lands) and ids.
    provided_kinds: list[Kind] = Field(default_factory=list, max_length=6)
    provided_cards: list[str] = Field(default_factory=list, max_length=50)
    # Munchkin: the draft hero(es) the organizer gives every player, usable instead of a
    # drafted hero (never both); a hero even when the card sets are unknown. A single id
    # or a list (earlier settings hold one id or null).
    draft_hero: list[HeroId] = Field(default_factory=list, max_length=10)
    # Munchkin: every hero card id of the product; with card sets unknown (physical
    # product) it lets the hero checks run (any other id is not a hero).
    hero_cards: list[HeroId] = Field(default_factory=list, max_length=500)
    # Kinds that may not be in the main deck (MTG conspiracies, Munchkin heroes).
    main_excluded_kinds: list[Kind] = Field(default_factory=list, max_length=6)
    # V:EKN product per player, used when a player's own product is not recorded.
    boosters_per_player: int | None = Field(default=None, ge=0, le=60)
    cards_per_booster: int = Field(default=11, ge=1, le=60)
    starters_used: bool = False
    recursions: int | None = Field(default=None, ge=0, le=60)
    # V:EKN 7.4: library and crypt after a restricted trade.
    trade_library: int = Field(default=65, ge=1, le=500)
    trade_crypt: int = Field(default=12, ge=1, le=200)
    # 7.2.3: players must also record every card they received.
    require_received_list: bool = False
    # Default deck-building time when the organizer opens the phase without a deadline.
    build_minutes: int = Field(default=30, ge=1, le=24 * 60)
    # 3.1.5: switching decks between rounds, only below this many players.
    multi_deck: bool = False
    multi_deck_max_players: int = Field(default=11, ge=1, le=10000)
    max_decks: int = Field(default=5, ge=1, le=20)

    @field_validator("draft_hero", mode="before")
    @classmethod
    def _one_or_more(cls, value: Any) -> Any:
        if value is None:
            return []
        return [value] if isinstance(value, str) else value

    @model_validator(mode="after")
    def _ranges(self) -> DeckSettings:
        if self.rules != "munchkin" and (self.draft_hero or self.hero_cards):
            raise ValueError("draft_hero and hero_cards are Munchkin settings "
                             "(rules: munchkin)")
        for low, high in (("deck_min", "deck_max"), ("crypt_min", "crypt_max")):
            lo, hi = getattr(self, low), getattr(self, high)
            if lo is not None and hi is not None and lo > hi:
                raise ValueError(f"{low} ({lo}) is greater than {high} ({hi})")
        return self

    @property
    def declared_heroes(self) -> frozenset[str]:
        """Every card id the settings say is a hero (the draft heroes and ``hero_cards``)."""
        return frozenset(self.draft_hero) | frozenset(self.hero_cards)

    @classmethod
    def for_game(cls, game: str) -> DeckSettings:
        if game == "vtes":
            # 7.2.1: the library never exceeds 90; minima come from the booster table.
            return cls(rules="vtes", deck_max=90, build_minutes=60)
        if game == "hack":
            # A 35-card draw deck, any number of copies; 30 minutes to build.
            return cls(rules="hack", deck_min=35, deck_max=35, build_minutes=30)
        if game == "munchkin":
            # 30 cards plus one hero (the draft hero or a drafted one, not both), at
            # most three copies; 20 minutes to build. No default draft hero: the sample
            # product hands it out as a starter (so it is in every pool), and an organizer
            # who gives out their own declares it in `draft_hero`.
            return cls(rules="munchkin", deck_min=30, deck_max=30, max_copies=3,
                       hero_required=True, main_excluded_kinds=["hero"], build_minutes=20)
        # MTG limited (905.1d): at least 40 cards, any number of basic lands;
        # conspiracies stay in the sideboard / command zone (905.4).
        return cls(rules="mtg", deck_min=40, provided_kinds=["basic-land"],
                   main_excluded_kinds=["conspiracy"], build_minutes=45)
