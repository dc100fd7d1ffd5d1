"""Commands of a table draft pod (stream ``tdraft-<tid>-<n>``)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..product.cards import CardSet

PLAYER_ID = r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$"


class StartTableDraft(BaseModel):
    """``players`` in seat order (left = next in the list); ``first_seat`` is the
    participant the judge designates to be active first (7.7.2). ``packs[seat][k]`` is the
    k-th pack of the player in that seat; everyone opens their k-th pack together."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    pod: int = Field(ge=1)
    players: list[str] = Field(min_length=2, max_length=12)
    first_seat: str | None = None
    packs: list[list[list[str]]]
    kinds: dict[str, str]
    pick_seconds: int | None = Field(default=60, ge=5, le=900)   # None: untimed
    review_seconds: int = Field(default=20, ge=0, le=300)
    # pack_meta[seat][k]: the booster the pack should be ({"set", "booster", "size"}), or
    # {} when unknown (players' own product); judges replace abnormal packs (7.2.5).
    pack_meta: list[list[dict[str, Any]]] | None = None
    # the starters the pod's players keep as sealed product (7.5.2), {player: [{set,
    # starter, cards}]}: recorded with the pod, not the roster, so that stays small
    starters: dict[str, list[dict[str, Any]]] | None = None
    now: datetime

    @model_validator(mode="after")
    def _shape(self) -> StartTableDraft:
        problems = []
        if len(set(self.players)) != len(self.players):
            problems.append("players must be distinct")
        if self.first_seat is not None and self.first_seat not in self.players:
            problems.append(f"first_seat {self.first_seat!r} is not in the pod")
        if len(self.packs) != len(self.players):
            problems.append(f"{len(self.players)} players but packs for {len(self.packs)}")
        counts = {len(p) for p in self.packs}
        if len(counts) > 1:
            problems.append("every player must have the same number of packs")
        if counts == {0}:
            problems.append("no packs to draft")
        unknown = sorted({c for seat in self.packs for pack in seat for c in pack
                          if c not in self.kinds})
        if unknown:
            problems.append(f"cards without a known kind: {unknown[:20]}")
        strangers = sorted(set(self.starters or {}) - set(self.players))
        if strangers:
            problems.append(f"starters for players not in the pod: {strangers[:20]}")
        if problems:
            raise ValueError("; ".join(problems))
        return self


class Pick(BaseModel):
    """The player whose turn it is takes a card from the table. ``pick`` (the number of
    the pick in the draft, 1-based) optionally guards against a stale screen."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    card: str
    pick: int | None = None
    now: datetime


class ExpirePick(BaseModel):
    """The pick timer ran out: the judge issues the oldest card still on the table (7.7)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    now: datetime


class ReplacePack(BaseModel):
    """V:EKN 7.2.5: the judge replaces the ``pack``-th pack (1-based) of the player in
    ``seat`` (1-based) before any card of it is drafted, with the ``cards`` they give
    (``kinds`` covers them: their crypt cards go on top, 7.7.1), or (``cards`` None) a
    fresh pack of the booster it should be, collated from ``seed`` out of ``sets``.
    ``expected`` is the booster's card count when known."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    seat: int
    pack: int
    cards: list[str] | None
    kinds: dict[str, str] = {}
    reason: str
    by: str
    expected: int | None = None
    seed: str | None = None
    sets: dict[str, CardSet] = {}
    now: datetime

    @model_validator(mode="after")
    def _drawn_from_the_seed(self) -> ReplacePack:
        if self.cards is None and not self.seed:
            raise ValueError("a replacement pack without its cards is drawn from the seed")
        return self


class PickFor(BaseModel):
    """Staff take the pick of an absent ``player`` as an expired timer would (7.7: the
    oldest card still on the table), so an untimed draft never stalls. ``pick`` optionally
    guards against a stale screen; the pick records ``by``."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    by: str
    pick: int | None = None
    now: datetime
