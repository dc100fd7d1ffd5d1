"""Facts the deck rules need from the product configuration: what each player opens
(for the V:EKN booster table) and the kind of every card of the sets in use."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..product.cards import CardSet
from ..profiles.product import ProductSettings
from .limits import STANDARD_BOOSTER


def product_facts(product: Mapping[str, Any],
                  sets: Mapping[str, CardSet]) -> dict[str, Any] | None:
    """``{"boosters": [{"count", "cards"}], "starters": n}`` per player from the product
    settings, using each booster type's real size (7.2.1 note: packs that are not 11
    cards). ``None`` when players bring their own product (recorded per player)."""
    settings = ProductSettings.model_validate(dict(product))
    if settings.source == "own":
        return None
    boosters = []
    for spec in settings.boosters:
        size = STANDARD_BOOSTER
        card_set = sets.get(spec.set)
        if card_set is not None and any(b.id == spec.booster for b in card_set.boosters):
            size = card_set.booster(spec.booster).size
        boosters.append({"count": spec.count, "cards": size})
    return {"boosters": boosters, "starters": sum(s.count for s in settings.starters)}


def used_set_ids(product: Mapping[str, Any]) -> list[str]:
    settings = ProductSettings.model_validate(dict(product))
    ids = [b.set for b in settings.boosters] + [s.set for s in settings.starters]
    ids += settings.own.sets
    return list(dict.fromkeys(ids))


def card_kinds(sets: Mapping[str, CardSet], set_ids: list[str]) -> dict[str, str] | None:
    """``card id -> kind`` over the sets in use; ``None`` if any of them is unknown
    (then kinds are not checked rather than every card reported unknown)."""
    if not set_ids or any(sid not in sets for sid in set_ids):
        return None
    return {card.id: card.kind for sid in set_ids for card in sets[sid].cards}
