"""Events of a table draft (V:EKN 7.7): the roster of a table or mixed draft
(``tdraft-<tid>`` / ``mdraft-<tid>``: pods formed, late arrivals) and each pod's stream,
whose table events a mixed draft's crypt table shares."""
from __future__ import annotations

from typing import Any

from ..events import Event, Payload, event, optional, upcaster


@event(version=2)
class LimitedPodsFormed(Event):
    capability: str                # table-draft | mixed-draft
    pods: list[list[str]]
    first_seats: list[str]
    # the starters every player keeps as sealed product ({player: [starter]}), recorded
    # by rosters of version 1 (empty in a mixed draft or with entered packs); since
    # version 2 each table pod's opening records its own players'
    # (``TableDraftStarted.starters``), so the roster stays small at any size
    starters: dict[str, Any] | None = optional()
    settings: dict[str, Any]
    at: str
    # what the organizer chose rather than the seed ("pods", "packs"), when anything
    chosen_by_organizer: list[str] | None = optional()
    # the seed each pod's product is collated from: recorded when the pods open after
    # the start, each in a commit of its own (the ``open-roster-pods`` reaction); absent
    # in drafts whose pods started in the roster's own commit
    seed: str | None = optional()
    # the product the organizer chose (body or entered), {player: [[cards] per item]},
    # when it is not collated from the seed
    packs: dict[str, list[list[str]]] | None = optional()


@upcaster(LimitedPodsFormed, 1)
def _starters_in_the_roster(data: Payload) -> Payload:
    """Rosters formed before each pod's opening recorded its players' starters recorded
    every player's (an empty dict when nobody kept any): the pods then record none."""
    return dict(data)


@event
class LimitedLateArrival(Event):
    player: str
    allocation: dict[str, Any]     # the product the late arrival gets (7.2.6)
    at: str


@event(version=3)
class TableDraftStarted(Event):
    pod: int
    players: list[str]
    first_seat: str
    packs: list[list[list[str]]]   # packs[k][seat], crypt on top
    pack_meta: list[list[dict[str, Any]]]   # [seat][k], {} when unknown
    pick_seconds: int | None       # None: untimed
    review_seconds: int
    at: str
    # the starters the pod's players keep as sealed product (7.5.2), {player: [starter
    # {set, starter, cards}]}, dealt from the seed as to the whole field: absent when
    # nobody keeps any, in a mixed draft's crypt table, and in pods whose roster
    # recorded every player's (``LimitedPodsFormed`` version 1)
    starters: dict[str, list[dict[str, Any]]] | None = optional()


@upcaster(TableDraftStarted, 1)
def _pack_meta(data: Payload) -> Payload:
    """Drafts started without the packs' boosters (any, before they were recorded) knew
    none of them."""
    if data.get("pack_meta") is not None:
        return dict(data)
    return {**data, "pack_meta": [[{}] * len(data["packs"]) for _ in data["players"]]}


@upcaster(TableDraftStarted, 2)
def _starters_in_the_pod(data: Payload) -> Payload:
    """Pods started before their openings recorded the starters kept (their rosters
    recorded them) record none."""
    return dict(data)


@event
class TableSetRevealed(Event):
    pack: int
    set: int
    active: str
    table: list[dict[str, Any]]    # {order, card, player}
    pick_order: list[str]
    review_until: str | None
    deadline: str | None


@event
class TableCardPicked(Event):
    pick: int
    pack: int
    set: int
    player: str
    card: str
    order: int
    auto: bool
    at: str
    deadline: str | None
    by: str | None = optional()    # the judge who picked for an absent player


@event(version=2)
class TablePackReplaced(Event):
    pack: int
    seat: int
    player: str
    cards: list[str]
    count: int
    reason: str | None
    by: str
    at: str
    # True: collated from the seed by the decider (V:EKN 7.2.5; in a mixed draft: the
    # crypt of drawn product); False: the judge gave the cards; None: recorded before
    # Podium noted which
    drawn: bool | None


@upcaster(TablePackReplaced, 1)
def _table_pack_drawn(data: Payload) -> Payload:
    """Replacements recorded before Podium noted whether the seed drew their cards."""
    return {"drawn": None, **data}


@event
class TableDraftCompleted(Event):
    pools: dict[str, list[str]]
    at: str


# a table draft's own events (a mixed draft's crypt table folds them into its crypt)
TABLE_EVENTS = (TableDraftStarted, TableSetRevealed, TableCardPicked, TablePackReplaced,
                TableDraftCompleted)
