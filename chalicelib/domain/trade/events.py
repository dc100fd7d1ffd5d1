"""Events of a restricted trade (V:EKN 7.4): the preparation stream (``trade-<tid>``) and
each trading pod's (``trade-<tid>-<n>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..events import Event, event, optional


@event
class TradeDeckSet(Event):
    player: str
    deck: dict[str, Any]           # {crypt, library, stock, sideboard, ...}
    at: str


@event
class TradePodsFormed(Event):
    pods: list[list[str]]
    first_seats: list[str]
    at: str
    chosen_by_organizer: list[str] | None = optional()   # ["pods"]: not the seed's draw


@event
class TradePodStarted(Event):
    pod: int
    players: list[str]
    first_seat: str
    decks: dict[str, dict[str, Any]]
    at: str


@event
class TradeTurnStarted(Event):
    turn: int
    player: str
    skipped: list[str]             # players with no face-up card, passed over
    at: str


@dataclass(frozen=True, slots=True, kw_only=True)
class _Offer(Event):
    """An offer of the active ``player`` for ``target``'s face-up card (a base, not an
    event of its own)."""

    turn: int
    player: str
    target: str
    slot: int
    card: str
    at: str


@event
class TradeOffered(_Offer):
    """The active player asks for the card (7.4.3)."""


@event
class TradeAccepted(Event):
    turn: int
    player: str
    target: str
    player_slot: int
    player_card: str
    target_slot: int
    target_card: str
    at: str


@event
class TradeDeclined(_Offer):
    """The target keeps the card, which is turned face down."""


@event
class TradeStockTurnedDown(Event):
    player: str
    slots: list[int]               # the face-up slots turned down
    at: str


@event
class TradeTurnEnded(Event):
    turn: int
    player: str
    reason: str
    at: str


@event
class TradingEnded(Event):
    trades: int
    at: str


@event
class TradeCryptCompleted(Event):
    player: str
    added: list[str]
    crypt: list[str]
    library: list[str]
    at: str


@event
class TradePodCompleted(Event):
    decks: dict[str, dict[str, list[str]]]   # player -> {crypt, library}
    at: str
