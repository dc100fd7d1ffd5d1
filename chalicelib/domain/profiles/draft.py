"""Draft section of the game profiles (owned by the draft capability).

Pods (V:EKN 7.5.1): random pods of roughly equal size between ``pod_min`` and
``pod_max``, aiming at ``pod_preferred`` (.hack: six is best, even sizes if possible).
Booster draft: ``packs`` boosters drafted per player (the first ``packs`` boosters of
the product configuration; ``None`` = all), odd packs pass left, even packs right.
Pick timer: ``pick_seconds`` per pick, or ``pick_seconds_by_cards_left`` (a table
``[[cards_left_at_least, seconds], ...]``) that shrinks as packs empty; 0 = no timer.
``own_picks``: when a player may look at their own picks: ``always`` (MTG 905.1c,
Munchkin), ``between-packs`` (V:EKN 7.5.1), ``after-draft`` (.hack).
``review_seconds``: the booster draft's break between packs. ``table_review_seconds``:
in a table or mixed draft, the time to look at each set laid out before its first pick
(V:EKN 7.7.1; a draft's start may give its own)."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

OwnPicks = Literal["always", "between-packs", "after-draft"]


class DraftSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    pod_min: int = Field(default=4, ge=2, le=16)
    pod_max: int = Field(default=8, ge=2, le=16)
    pod_preferred: int = Field(default=8, ge=2, le=16)
    pod_even: bool = False
    packs: int | None = Field(default=None, ge=1, le=24)
    pick_seconds: int = Field(default=0, ge=0, le=3600)
    pick_seconds_by_cards_left: list[list[int]] | None = Field(default=None, max_length=30)
    review_seconds: int = Field(default=0, ge=0, le=3600)
    table_review_seconds: int = Field(default=20, ge=0, le=300)
    own_picks: OwnPicks = "always"

    @model_validator(mode="after")
    def _bounds(self) -> DraftSettings:
        if not self.pod_min <= self.pod_preferred <= self.pod_max:
            raise ValueError("need pod_min <= pod_preferred <= pod_max")
        for row in self.pick_seconds_by_cards_left or []:
            if len(row) != 2 or row[0] < 0 or not 1 <= row[1] <= 3600:
                raise ValueError("pick_seconds_by_cards_left rows are [cards_left>=0, "
                                 "seconds 1..3600]")
        return self

    def seconds_for(self, cards_left: int) -> int:
        """Time allowed to pick from a pack holding ``cards_left`` cards (0 = untimed)."""
        if self.pick_seconds_by_cards_left:
            for threshold, seconds in sorted(self.pick_seconds_by_cards_left, reverse=True):
                if cards_left >= threshold:
                    return seconds
            return min(s for _, s in self.pick_seconds_by_cards_left)
        return self.pick_seconds

    @classmethod
    def for_game(cls, game: str) -> DraftSettings:
        if game == "hack":  # six is best, even if possible; picks hidden until the end
            return cls(pod_min=4, pod_max=8, pod_preferred=6, pod_even=True,
                       own_picks="after-draft")
        if game == "vtes":  # V:EKN 7.5.1: picks reviewed only between packs, so a
            # one-minute break between packs lets everyone review (the last to finish too)
            return cls(pod_min=4, pod_max=6, pod_preferred=5, own_picks="between-packs",
                       review_seconds=60)
        if game == "munchkin":
            return cls(pod_min=4, pod_max=8, pod_preferred=8, own_picks="always")
        return cls(pod_min=4, pod_max=8, pod_preferred=8, own_picks="always")
