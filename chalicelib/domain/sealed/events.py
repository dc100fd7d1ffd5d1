"""Events of a sealed event's stream (``sealed-<tid>``): product handed out, starter
trades, opening, registration, the swap and late arrivals."""
from __future__ import annotations

from typing import Any

from ..events import Event, event, stored_key


@event
class SealedStarted(Event):
    players: list[str]
    packs: dict[str, list[dict[str, Any]]]   # player -> packs allocated
    starters: list[dict[str, Any]]           # {id, set, starter, cards, owner}
    swap: bool
    hand_back_percent: int
    starter_trading: bool
    at: str


@event
class StarterTradeProposed(Event):
    offer: str
    from_: str = stored_key("from")
    to: str
    give: str                      # the proposer's starter
    take: str                      # the other player's starter
    at: str


@event
class StarterTradeDeclined(Event):
    offer: str
    by: str
    at: str


@event
class StarterTradeAccepted(Event):
    from_: str = stored_key("from")
    to: str
    give: str
    take: str
    offer: str
    voided: list[str]              # other open offers of the same starters
    at: str


@event
class SealedProductOpened(Event):
    opened: dict[str, list[str]]   # player -> the cards they opened
    at: str


@event
class SealedProductRegistered(Event):
    player: str
    count: int
    at: str


@event
class SealedSwapDealt(Event):
    hand_back: int
    handed_back: list[str]
    received_from: dict[str, str]
    pools: dict[str, list[str]]
    at: str


@event
class SealedLateArrival(Event):
    player: str
    pool: list[str]
    at: str
