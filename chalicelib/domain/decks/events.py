"""Events of a tournament's deck stream (``decks-<tid>``)."""
from __future__ import annotations

from typing import Any

from ..events import Event, Payload, event, optional, upcaster


@event
class DeckbuildingOpened(Event):
    game: str
    format: str
    settings: dict[str, Any]       # the deck section, resolved
    deadline: str
    opened_at: str
    by: str
    multi_deck: bool


@event
class DeckDeadlineExtended(Event):
    deadline: str
    previous: str | None
    at: str
    by: str


@event
class PlayerDeadlineExtended(Event):
    player: str
    deadline: str
    previous: str | None
    at: str
    by: str


@event
class PoolRecorded(Event):
    player: str
    cards: list[str]
    recorded_at: str
    by: str
    product: dict[str, Any] | None = optional()   # the product the pool came from, if handed out


@event(version=2)
class DeckRegistered(Event):
    player: str
    label: str
    deck: dict[str, Any]
    limits: dict[str, Any]
    recursions: int | None         # None: no limit
    sizes: dict[str, int]
    registered_at: str
    by: str
    version: int                   # of this player's deck under this label
    pool_size: int
    unverified: list[dict[str, Any]]   # cards the set does not list, {code, ...} each
    received: list[str] | None = optional()    # cards received in a swap or trade


@upcaster(DeckRegistered, 1)
def _unverified(data: Payload) -> Payload:
    """Registrations recorded before unlisted cards were reported had none."""
    return {"unverified": [], **data}


@event
class DeckReopened(Event):
    player: str
    until: str | None
    at: str
    by: str


@event
class ActiveDeckSwitched(Event):
    player: str
    label: str
    previous: str | None
    at: str
    by: str


@event(version=2)
class DecklistsPublished(Event):
    at: str
    by: str
    registered: int                # how many players had registered a deck


@upcaster(DecklistsPublished, 1)
def _registered_count(data: Payload) -> Payload:
    """Before one event stopped growing with the field, it listed the ``players``."""
    if "registered" in data:
        return dict(data)
    return {"at": data["at"], "by": data["by"], "registered": len(data["players"])}


@event
class DeckCheckRecorded(Event):
    check: int
    player: str
    label: str
    version: int
    round: int | None
    note: str | None
    presented: dict[str, Any]
    discrepancies: list[dict[str, Any]]
    matches: bool
    at: str
    by: str
