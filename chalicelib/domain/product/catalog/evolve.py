"""The evolve function of the card-set aggregate (stream ``cardset-s-<set>``)."""
from __future__ import annotations

from ...events import Event
from ..cards import CardSet
from ..events import CardSetUploaded
from .state import CatalogEntry


def evolve(state: CatalogEntry, event: Event) -> CatalogEntry:
    if isinstance(event, CardSetUploaded):
        return CatalogEntry(True, CardSet.model_validate(event.set), event.owner, event.at)
    return state
