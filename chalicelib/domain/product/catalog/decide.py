"""Uploaded card sets (stream ``cardset-s-<set id>``; the ``s`` keeps set ids apart from
tournament ids in stream names). A set is immutable once uploaded: packs are recorded
in the draft's events, but deck checks and sealed pools read the set later, so its
cards must not change under them. Ids starting with ``sample-`` are reserved for the
sets shipped with Podium.

Event: ``CardSetUploaded`` {set: <set definition>, owner: {role, id}, at}."""
from __future__ import annotations

from typing import Any

from ... import streams
from ...errors import Conflict, Invalid
from ...events import Event
from ..cards import CardSet, parse_set
from ..events import CardSetUploaded
from .commands import UploadSet
from .state import CatalogEntry

RESERVED_PREFIX = "sample-"
set_stream = streams.card_set


def decide(command: Any, state: CatalogEntry) -> list[Event]:
    if not isinstance(command, UploadSet):
        raise Invalid(f"unknown card set command {type(command).__name__}")
    card_set = parse_set(command.data)
    if card_set.id.startswith(RESERVED_PREFIX):
        raise Conflict(f"set ids starting with {RESERVED_PREFIX!r} are reserved",
                       {"set": card_set.id})
    if state.exists:
        raise Conflict("a set with this id exists; sets are immutable, upload a new id",
                       {"set": card_set.id})
    return [CardSetUploaded(set=card_set.model_dump(mode="json"), owner=dict(command.owner),
                            at=command.now)]


def set_summary(card_set: CardSet, source: str) -> dict[str, Any]:
    kinds: dict[str, int] = {}
    for card in card_set.cards:
        kinds[card.kind] = kinds.get(card.kind, 0) + 1
    return {"set_id": card_set.id, "name": card_set.name, "game": card_set.game,
            "description": card_set.description, "source": source,
            "cards": len(card_set.cards), "kinds": kinds,
            "boosters": [{"booster_id": b.id, "name": b.name, "size": b.size,
                          "layouts": len(b.layouts), "unique": b.unique}
                         for b in card_set.boosters],
            "starters": [{"starter_id": s.id, "name": s.name, "size": len(s.cards)}
                         for s in card_set.starters]}
