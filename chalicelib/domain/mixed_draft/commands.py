"""Commands of a mixed (Elder) draft pod (stream ``mixed-<tid>-<n>``). The crypt phase
takes the table draft's ``Pick`` and ``ExpirePick``; the library phase these."""
from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..product.cards import CardSet


class StartMixedDraft(BaseModel):
    """``product[seat]`` lists the packs and starters that player opened (card ids).
    ``seed`` keys the face-down shuffle of each library pile before it is cut."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    pod: int = Field(ge=1)
    players: list[str] = Field(min_length=2, max_length=12)
    first_seat: str | None = None
    product: list[list[list[str]]]
    kinds: dict[str, str]
    pile_size: int = Field(default=11, ge=1, le=60)
    pick_seconds: int | None = Field(default=60, ge=5, le=900)           # None: untimed
    review_seconds: int = Field(default=20, ge=0, le=300)
    library_pick_seconds: int | None = Field(default=60, ge=5, le=900)   # None: untimed
    # 7.5.1: when players may look at their own library picks (the draft profile's
    # ``own_picks``): always, between piles only, or after the draft.
    own_picks: Literal["always", "between-packs", "after-draft"] = "always"
    # product_meta[seat][k]: what the k-th item should be ({"set", "booster" or
    # "starter", "size"}), {} when unknown; judges replace abnormal ones (7.2.5, 7.8).
    product_meta: list[list[dict[str, Any]]] | None = None
    seed: str = Field(min_length=1)
    now: datetime

    @model_validator(mode="after")
    def _shape(self) -> StartMixedDraft:
        problems = []
        if len(set(self.players)) != len(self.players):
            problems.append("players must be distinct")
        if self.first_seat is not None and self.first_seat not in self.players:
            problems.append(f"first_seat {self.first_seat!r} is not in the pod")
        if len(self.product) != len(self.players):
            problems.append(f"{len(self.players)} players but product for {len(self.product)}")
        unknown = sorted({c for seat in self.product for pack in seat for c in pack
                          if c not in self.kinds})
        if unknown:
            problems.append(f"cards without a known kind: {unknown[:20]}")
        if not any(c for seat in self.product for pack in seat for c in pack):
            problems.append("no product to draft")
        if problems:
            raise ValueError("; ".join(problems))
        return self


class LibraryPick(BaseModel):
    """Take a card from the pile in front of you; the rest passes on (7.6)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    card: str
    pack: str | None = None     # optional guard: the id of the pile you are looking at
    # The tournament seed, for the random cards of other players' expired timers applied
    # first (7.5.3); without it those expiries wait for the next sweep.
    seed: str | None = None
    now: datetime


class ExpireLibraryPicks(BaseModel):
    """Every player whose pick timer ran out receives a random card of their pile (7.5.3)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    seed: str = Field(min_length=1)
    now: datetime


class ReplaceProduct(BaseModel):
    """V:EKN 7.2.5, 7.8: the judge replaces the ``item``-th pack or starter (1-based, in
    the order opened) of the player in ``seat`` (1-based) before the crypt draft's first
    card is taken, with the ``cards`` they give (``kinds`` covers them) or (``cards``
    None) what that item should be, drawn from ``seed`` out of ``sets``. The player's
    crypt and library are split again and the library re-cut into piles (``seed`` keys
    the shuffle)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    seat: int
    item: int
    cards: list[str] | None
    kinds: dict[str, str] = {}
    sets: dict[str, CardSet] = {}
    reason: str
    by: str
    expected: int | None = None
    seed: str = Field(min_length=1)
    now: datetime


class TakePickFor(BaseModel):
    """Staff take an absent player's turn as an expired timer would: in the crypt phase the
    oldest card on the table (7.7), in the library phase a card of their pile drawn from
    the seed (7.5.3). ``pick`` (crypt) and ``pack`` (library) optionally guard against a
    stale screen."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    by: str
    seed: str = Field(min_length=1)
    pick: int | None = None
    pack: str | None = None
    now: datetime
