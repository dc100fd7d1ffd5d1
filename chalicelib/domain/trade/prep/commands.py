"""The commands of the trade set-up aggregate (stream ``trade-<tid>``): each player's
deck set-up (7.4.1) and the forming of the pods (7.4.2)."""
from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from ..commands import TradeDeck


class SetTradeDeck(BaseModel):
    """``pool`` (the player's final sealed pool) and ``kinds`` (card id -> kind) are facts
    from the sealed product and the card sets."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    deck: TradeDeck
    pool: list[str]
    kinds: dict[str, str]
    now: datetime


class FormTradePods(BaseModel):
    """Random pods of four or five (7.4.2) from ``seed``, or the organizer's ``pods``.
    ``first_seats[n]`` is the player the judge designates for pod n (default seat 1)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    players: list[str] = Field(min_length=2)
    seed: str = Field(min_length=1)
    pods: list[list[str]] | None = None
    first_seats: dict[int, str] = Field(default_factory=dict)
    now: datetime
