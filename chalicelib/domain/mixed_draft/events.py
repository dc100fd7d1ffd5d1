"""Events of a mixed draft's pod stream (V:EKN 7.8): the crypt is drafted on a table
(the table draft's events, ``table_draft/events.py``), then the library piles pass."""
from __future__ import annotations

from typing import Any

from ..events import Event, Payload, event, optional, upcaster


@event(version=2)
class MixedDraftStarted(Event):
    pod: int
    players: list[str]
    first_seat: str
    crypt: list[list[str]]         # each seat's crypt pile
    piles: list[list[list[str]]]   # each seat's library piles
    pile_size: int
    library_pick_seconds: int | None   # None: untimed
    own_picks: str
    product: list[list[list[str]]]           # each seat's product items
    product_meta: list[list[dict[str, Any]]]  # [seat][item], none when unknown
    at: str


@upcaster(MixedDraftStarted, 1)
def _product(data: Payload) -> Payload:
    """Drafts started before the product and its boosters were recorded had none, and
    their players always saw their own picks."""
    return {**data, "own_picks": data.get("own_picks", "always"),
            "product": data.get("product", []), "product_meta": data.get("product_meta") or []}


@event(version=2)
class MixedProductReplaced(Event):
    seat: int
    player: str
    item: int
    cards: list[str]
    count: int
    crypt: list[str]               # the seat's crypt pile as split again
    piles: list[list[str]]         # its library piles as cut again
    reason: str | None
    by: str
    at: str
    # True: drawn from the seed by the decider (V:EKN 7.2.5); False: the judge gave the
    # cards; None: recorded before Podium noted which
    drawn: bool | None


@upcaster(MixedProductReplaced, 1)
def _product_drawn(data: Payload) -> Payload:
    """Replacements recorded before Podium noted whether the seed drew their cards."""
    return {"drawn": None, **data}


@event
class MixedLibraryRoundStarted(Event):
    round: int
    direction: str                 # left | right
    packs: list[dict[str, Any]]    # {id, player, cards}
    at: str
    deadline: str | None


@event
class MixedLibraryCardPicked(Event):
    round: int
    player: str
    pack: str
    card: str
    auto: bool
    at: str
    passed_to: str
    by: str | None = optional()    # the judge who picked for an absent player


@event
class MixedDraftCompleted(Event):
    pools: dict[str, dict[str, list[str]]]   # player -> {crypt, library}
    at: str
