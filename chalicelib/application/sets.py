"""Card sets: the shipped samples and the sets organizers upload (immutable once
uploaded), found by id for the product of a tournament, its entries and deck checks."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..auth import Principal, require_role
from ..data.sets import sample_sets
from ..domain.errors import Conflict, Invalid, NotFound
from ..domain.product.aggregate import CARDSET
from ..domain.product.card_ids import ID_PATTERN
from ..domain.product.cards import CardSet
from ..domain.product.catalog.commands import UploadSet
from ..domain.product.catalog.decide import set_summary
from ..domain.product.player_product.state import PlayerProduct
from ..domain.profiles.product import ProductSettings
from ..projections.queries.draft import SET_KIND
from ..service import UnitOfWork
from . import sources
from .reads import Reads


def find_set(source: Any, set_id: str) -> CardSet | None:
    """A shipped sample set or an uploaded one (from a unit of work or a query's reads)."""
    sample = sample_sets().get(set_id)
    if sample is not None:
        return sample
    entry = sources.state(source, CARDSET, set_id)
    return entry.card_set if entry.exists else None


def load_sets(source: Any, set_ids: Iterable[str]) -> dict[str, CardSet]:
    """The known sets among ``set_ids`` (unknown ids are simply absent)."""
    found = {}
    for set_id in sorted(set(set_ids)):
        card_set = find_set(source, set_id)
        if card_set is not None:
            found[set_id] = card_set
    return found


def product_sets(source: Any, product: Mapping[str, Any]) -> dict[str, CardSet]:
    """The sets a product configuration's boosters and starters come from."""
    ids = [b["set"] for b in product.get("boosters", [])]
    ids += [s["set"] for s in product.get("starters", [])]
    return load_sets(source, ids)


def entry_sets(source: Any, product: Mapping[str, Any],
               named: Iterable[str] = ()) -> dict[str, CardSet]:
    """The card sets entered product is checked against: the configuration's, or for
    own product the allowed sets (those ``named`` by the entries when any is allowed)."""
    s = ProductSettings.model_validate(dict(product))
    if s.source == "own":
        return load_sets(source, list(s.own.sets) or list(named))
    return load_sets(source, [b.set for b in s.boosters] + [st.set for st in s.starters])


def named_sets(entries: Mapping[str, PlayerProduct]) -> list[str]:
    """The sets named by the packs and starters of ``entries``."""
    return sorted({item["set"] for e in entries.values()
                   for item in (*e.packs, *e.starters) if item.get("set")})


# -- use cases ------------------------------------------------------------------------

def upload(uow: UnitOfWork, actor: Principal, data: Any) -> dict[str, Any]:
    """An organizer uploads a set definition (422 ``invalid_set`` without a valid id,
    409 for a shipped sample's id or an id already uploaded)."""
    require_role(actor, "organizer")
    set_id = data.get("id")
    if not isinstance(set_id, str) or not re.match(ID_PATTERN, set_id):
        raise Invalid("the set needs an id matching " + ID_PATTERN, code="invalid_set")
    if set_id in sample_sets():
        raise Conflict(f"{set_id!r} is a shipped sample set")
    entry, _ = uow.decide(CARDSET, set_id,
                          UploadSet(data, actor.ref(), uow.now.isoformat()))
    assert entry.card_set is not None             # the set just uploaded
    return set_summary(entry.card_set, "uploaded")


def listed(reads: Reads, game: str | None, after: str | None, limit: int) -> dict[str, Any]:
    """The samples and uploaded sets by id (``game`` only, after the id ``after``)."""
    items = [set_summary(s, "sample") for s in sample_sets().values()]
    items += [view.doc for view in reads.views.list(SET_KIND, limit=2000)]
    items = [i for i in sorted(items, key=lambda i: i["set_id"])
             if (game is None or i["game"] == game) and (after is None or i["set_id"] > after)]
    page = items[:limit]
    return {"items": page, "next": page[-1]["set_id"] if len(items) > limit else None}


def definition(reads: Reads, set_id: str) -> dict[str, Any]:
    """One set's summary and full definition (404 if unknown)."""
    card_set = find_set(reads, set_id)
    if card_set is None:
        raise NotFound(f"no set {set_id!r}")
    source = "sample" if set_id in sample_sets() else "uploaded"
    return {**set_summary(card_set, source), "definition": card_set.model_dump(mode="json")}
