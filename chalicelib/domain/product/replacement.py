"""V:EKN 7.2.5: the cards of a replacement pack or starter a judge gives without naming
them. A booster of the same kind is collated afresh from the tournament's seed, keyed by
labels every draft takes from its own state (the pod, the pack, the seat and how many
replacements came before), so a replay of the recorded events draws the same cards; a
starter is dealt again as its list. The deciders call this (never the application), and
the event records that the cards were drawn, so the offline verifier re-derives them."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import Invalid
from ..rng import derive
from .cards import CardSet, card_index
from .collation import collate


def replacement_cards(meta: Mapping[str, Any], sets: Mapping[str, CardSet], seed: str,
                      *labels: object) -> list[str]:
    """The cards of the replacement of an item that should be ``meta`` (``{"set",
    "booster" or "starter", "size"}``, ``{}`` when unknown); 422 ``cards_required`` when
    what it should hold is not known (the judge gives the cards instead)."""
    card_set = sets.get(meta["set"]) if meta.get("set") else None
    if card_set is not None and meta.get("booster"):
        return list(collate(card_set, meta["booster"], derive(seed, "replacement", *labels)))
    if card_set is not None and meta.get("starter"):
        return list(card_set.starter(meta["starter"]).cards)
    raise Invalid("give the replacement's cards: what this pack should hold is not known",
                  {"pack": dict(meta)}, code="cards_required")


def kinds_in(sets: Mapping[str, CardSet], cards: list[str]) -> dict[str, str]:
    """The kind of each of ``cards`` the sets know (crypt, library, ...)."""
    index = card_index(sets.values())
    return {c: index[c].kind for c in cards if c in index}
