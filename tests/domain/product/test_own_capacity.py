"""The heaviest product a player may bring (domain/product/own_capacity.py): no legal
choice under the advertised limits weighs more, each set's own limit holds, and nothing
to bring is no product."""
from __future__ import annotations

import itertools
import random

from chalicelib.data.sets import sample_sets
from chalicelib.domain.product import capacity
from chalicelib.domain.product.allocation import largest_one
from chalicelib.domain.product.own_capacity import heaviest_own_product
from chalicelib.domain.profiles.product import (
    BoosterSpec,
    OwnProductLimits,
    ProductSettings,
    StarterSpec,
)

SETS = sample_sets()


def _share(product: ProductSettings) -> int:
    return capacity.share_bytes(largest_one(product, SETS, "capacity",
                                            capacity.SAMPLE_PLAYER))


def _counts(product: ProductSettings) -> tuple[dict[str, int], dict[str, int]]:
    boosters: dict[str, int] = {}
    for b in product.boosters:
        boosters[b.set] = boosters.get(b.set, 0) + b.count
    starters: dict[str, int] = {}
    for s in product.starters:
        starters[s.set] = starters.get(s.set, 0) + s.count
    return boosters, starters


def test_no_legal_choice_weighs_more_than_the_heaviest():
    limits = OwnProductLimits(max_boosters=5, max_starters=2, per_set={
        "sample-vtes": {"max_boosters": 2}, "sample-munchkin": {"max_starters": 1}})
    heaviest = heaviest_own_product(limits, SETS)
    assert heaviest is not None
    boosters, starters = _counts(heaviest)
    assert sum(boosters.values()) == 5 and boosters.get("sample-vtes", 0) <= 2
    assert sum(starters.values()) == 2 and starters.get("sample-munchkin", 0) <= 1
    top = _share(heaviest)
    rng = random.Random(7)
    kinds = [s for s in SETS if SETS[s].boosters]
    starter_kinds = [(s, st.id) for s in SETS for st in SETS[s].starters]
    for _ in range(60):
        chosen = [rng.choice(kinds) for _ in range(rng.randint(0, 5))]
        if chosen.count("sample-vtes") > 2:
            continue
        picked = rng.sample(starter_kinds, rng.randint(0, 2))
        if sum(1 for s, _ in picked if s == "sample-munchkin") > 1:
            continue
        other = ProductSettings(
            boosters=[BoosterSpec(set=s, count=n) for s, n in
                      ((s, chosen.count(s)) for s in sorted(set(chosen)))],
            starters=[StarterSpec(set=s, choices=[st]) for s, st in picked])
        assert _share(other) <= top


def test_only_the_allowed_sets_and_nothing_when_nothing_may_be_brought():
    only_mtg = {"sample-mtg": SETS["sample-mtg"]}
    heaviest = heaviest_own_product(OwnProductLimits(max_boosters=3, max_starters=4),
                                    only_mtg)
    assert heaviest is not None
    assert [(b.set, b.count) for b in heaviest.boosters] == [("sample-mtg", 3)]
    assert heaviest.starters == []                       # the set has none
    assert heaviest_own_product(OwnProductLimits(max_boosters=0, max_starters=0),
                                SETS) is None


def test_more_kinds_than_a_configuration_holds_are_counted_as_the_heaviest():
    """Twelve booster lines at most: the lighter kinds past them are weighed as the
    heaviest (an overestimate, never an under-one)."""
    sets = {}
    base = SETS["sample-mtg"]
    for n in range(14):
        sets[f"s{n:02d}"] = base.model_copy(update={"id": f"s{n:02d}"})
    per_set = {name: {"max_boosters": 1} for name in sets}
    heaviest = heaviest_own_product(OwnProductLimits(max_boosters=14, per_set=per_set),
                                    sets)
    assert heaviest is not None and len(heaviest.boosters) == 12
    assert sum(b.count for b in heaviest.boosters) == 14
    assert list(itertools.islice((b.count for b in heaviest.boosters), 1)) == [3]
