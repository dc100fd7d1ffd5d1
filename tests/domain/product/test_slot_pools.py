"""Collating from each slot's cards filtered once (``slot_pools.py``) gives exactly the
packs filtering the whole set for every pack gave, for every booster of every sample
set and many seeds; a set or slot that is a different object is filtered anew."""
from __future__ import annotations

import pytest

from chalicelib.data.sets import sample_sets
from chalicelib.domain.errors import Invalid
from chalicelib.domain.product import slot_pools
from chalicelib.domain.product.cards import parse_set
from chalicelib.domain.product.collation import _weighted_index, choose_layout, collate
from chalicelib.domain.rng import derive


def reference(card_set, booster_id, rng):
    """The collation as it was: the set filtered for every slot of every pack."""
    booster = card_set.booster(booster_id)
    layout = choose_layout(booster, rng)
    pack, taken = [], set()
    for slot in layout.slots:
        weights = slot.weights or {}
        candidates = [c for c in card_set.cards if slot.filter.matches(c)
                      and weights.get(c.id, 1) > 0]
        for _ in range(slot.count):
            pool = [c for c in candidates if c.id not in taken] if booster.unique else candidates
            if not pool:
                raise Invalid("ran out")
            card = pool[_weighted_index(rng, [weights.get(c.id, 1) for c in pool])]
            pack.append(card.id)
            taken.add(card.id)
    return pack


@pytest.mark.parametrize("set_id", sorted(sample_sets()))
def test_kept_slot_cards_collate_the_same_packs(set_id):
    card_set = sample_sets()[set_id]
    for booster in card_set.boosters:
        for k in range(60):
            got = collate(card_set, booster.id, derive("seed", set_id, booster.id, k))
            want = reference(card_set, booster.id, derive("seed", set_id, booster.id, k))
            assert got == want


def test_another_set_object_is_filtered_anew():
    card_set = next(iter(sample_sets().values()))
    booster = card_set.boosters[0]
    collate(card_set, booster.id, derive("a"))
    fewer = parse_set({**card_set.model_dump(mode="json"),
                       "cards": [c.model_dump(mode="json") for c in card_set.cards][::2]})
    for k in range(20):
        try:
            want = reference(fewer, booster.id, derive("b", k))
        except Invalid:
            continue
        assert collate(fewer, booster.id, derive("b", k)) == want
    slot = choose_layout(fewer.booster(booster.id), derive("c")).slots[0]
    assert {c.id for c in slot_pools.slot_cards(fewer, slot)} <= {c.id for c in fewer.cards}
