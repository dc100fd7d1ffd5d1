"""The cards a booster slot draws from, filtered once per card set and slot instead of
once per pack: a 20,000-player draft collates 60,000-80,000 packs from the same few
slots, and filtering the whole set for every slot of every pack was most of starting
it. The same cards in the same order as the filter gives, so every pack is the same."""
from __future__ import annotations

import threading

from .cards import Card, CardSet, Slot

KEEP = 256           # slots of the sets in use at once (a set has a few boosters x slots)
_lock = threading.Lock()
# (id of the set, id of the slot) -> (the set, the slot, its cards): the set and slot are
# held, so their ids cannot be reused by other objects while the entry stays
_kept: dict[tuple[int, int], tuple[CardSet, Slot, list[Card]]] = {}


def slot_cards(card_set: CardSet, slot: Slot) -> list[Card]:
    """The set's cards the slot's filter matches and its weights do not exclude, in the
    set's order (read-only: shared by every pack)."""
    key = (id(card_set), id(slot))
    with _lock:
        kept = _kept.get(key)
    if kept is not None and kept[0] is card_set and kept[1] is slot:
        return kept[2]
    weights = slot.weights or {}
    cards = [c for c in card_set.cards if slot.filter.matches(c) and weights.get(c.id, 1) > 0]
    with _lock:
        if len(_kept) >= KEEP:
            _kept.clear()
        _kept[key] = (card_set, slot, cards)
    return cards
