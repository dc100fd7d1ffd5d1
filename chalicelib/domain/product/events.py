"""Events of the product: uploaded card sets (``cardset-s-<set id>``), the product gate of
a tournament's entered product, and each player's product (``product-<tid>-<pid>``)."""
from __future__ import annotations

from typing import Any

from ..events import Event, event


@event
class CardSetUploaded(Event):
    set: dict[str, Any]            # the set's definition (``CardSet`` as JSON)
    owner: dict[str, Any]          # {role, id}
    at: str


@event
class EnteredProductLocked(Event):
    consumer: str                  # the limited format about to hand it out
    at: str
    by: str


@event
class EnteredProductUnlocked(Event):
    consumer: str | None
    at: str
    by: str


@event
class EnteredProductHandedOut(Event):
    consumer: str
    players: list[str]
    at: str
    by: str


@event
class PlayerProductEntered(Event):
    tournament: str
    player: str
    source: str                    # entered | own
    packs: list[dict[str, Any]]    # {set, booster, cards}
    starters: list[dict[str, Any]]
    revision: int
    reason: str | None
    at: str
    by: str


@event
class PlayerProductHandedOut(Event):
    player: str
    consumer: str
    at: str
    by: str
