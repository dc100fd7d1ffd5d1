"""Commands of restricted trade (Michigan), V:EKN 7.4: each trading pod's (stream
``trade-<tid>-<n>``) and the deck set-up they share; preparation and pod forming (stream
``trade-<tid>``) are in ``prep/commands.py``."""
from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["TradeDeck", "StartTradePod", "OfferTrade", "AcceptTrade", "DeclineTrade",
           "AddCrypt"]

# 7.4.1 / 7.4.3
LIBRARY_SIZE = 50
STOCK_SIZE = 15
CRYPT_SIZE = 10
CRYPT_ADDED = 2


class TradeDeck(BaseModel):
    """A player's set-up for trading (7.4.1)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    library: list[str] = Field(max_length=500)
    stock: list[str] = Field(max_length=500)
    crypt: list[str] = Field(max_length=500)
    sideboard: list[str] = Field(max_length=500)


class StartTradePod(BaseModel):
    """Seat the players of a restricted trade (Michigan) pod with their decks."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    pod: int = Field(ge=1)
    players: list[str] = Field(min_length=2, max_length=8)
    first_seat: str
    decks: dict[str, TradeDeck]
    now: datetime


class OfferTrade(BaseModel):
    """The active player selects a face-up card (``slot`` in ``target``'s stock)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    target: str
    slot: int = Field(ge=0)
    now: datetime


class AcceptTrade(BaseModel):
    """The offer's target accepts and selects a face-up card of the active player."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    slot: int = Field(ge=0)
    now: datetime


class DeclineTrade(BaseModel):
    """A player declines the trade offered to them."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    now: datetime


class AddCrypt(BaseModel):
    """After trading, two crypt cards from the sideboard go into the crypt (7.4.1)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    cards: list[str] = Field(max_length=20)
    now: datetime
