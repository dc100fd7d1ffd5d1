import pytest

from chalicelib.data.sets import sample_sets
from chalicelib.domain.errors import Invalid
from chalicelib.domain.pods.assignment import assign_pods, check_explicit, pod_sizes
from chalicelib.domain.product.allocation import allocate, allocate_one, check_product, pool_of
from chalicelib.domain.product.cards import card_index, parse_set
from chalicelib.domain.product.collation import collate, pack_problems
from chalicelib.domain.profiles import resolve_settings
from chalicelib.domain.rng import derive


def tiny(**booster):
    return {"id": "tiny", "name": "Tiny", "cards": [
        {"id": f"c{i}", "name": f"C{i}", "rarity": "rare" if i < 2 else "common"}
        for i in range(6)], "boosters": [{"id": "b", **booster}]}


def test_sample_sets_load_and_collate_to_their_size():
    sets = sample_sets()
    assert set(sets) == {"sample-vtes", "sample-munchkin", "sample-mtg", "sample-hack"}
    sizes = {"sample-vtes": 11, "sample-munchkin": 12, "sample-mtg": 15, "sample-hack": 11}
    for set_id, card_set in sets.items():
        for k in range(30):
            pack = collate(card_set, "booster", derive("s", set_id, k))
            assert len(pack) == sizes[set_id] and len(set(pack)) == len(pack)
            assert pack_problems(card_set, "booster", pack) == []
    vtes = sets["sample-vtes"].card_index
    pack = collate(sets["sample-vtes"], "booster", derive("s", 1))
    assert sum(vtes[c].kind == "crypt" for c in pack) >= 2


def test_collation_is_reproducible_and_seed_dependent():
    s = sample_sets()["sample-mtg"]
    assert collate(s, "booster", derive("a", 1)) == collate(s, "booster", derive("a", 1))
    assert collate(s, "booster", derive("a", 1)) != collate(s, "booster", derive("b", 1))


def test_weighted_layouts_and_slot_weights():
    s = parse_set({**tiny(layouts=[{"id": "r", "weight": 3, "slots": [
        {"count": 1, "filter": {"rarity": ["rare"]}, "weights": {"c0": 1, "c1": 0}}]},
        {"id": "c", "weight": 1, "slots": [{"count": 1, "filter": {"rarity": ["common"]}}]}])})
    packs = [collate(s, "b", derive("w", k))[0] for k in range(400)]
    assert "c1" not in packs
    rares = packs.count("c0")
    assert 250 < rares < 350


def test_set_validation_lists_problems():
    with pytest.raises(Invalid) as err:
        parse_set(tiny(layouts=[{"slots": [{"count": 3, "filter": {"rarity": ["rare"]}}]}]))
    assert "distinct" in str(err.value.details)
    with pytest.raises(Invalid):
        parse_set(tiny(layouts=[{"slots": [{"count": 1, "filter": {"rarity": ["mythic"]}}]}]))
    with pytest.raises(Invalid):
        parse_set({**tiny(layouts=[{"slots": [{"count": 1}]}]),
                   "starters": [{"id": "s", "cards": ["nope"]}]})
    # without duplicate protection a slot may repeat cards
    s = parse_set(tiny(unique=False, layouts=[{"slots": [{"count": 5,
                                                          "filter": {"rarity": ["rare"]}}]}]))
    assert len(collate(s, "b", derive("x"))) == 5


def test_card_index_refuses_collisions():
    a = parse_set(tiny(layouts=[{"slots": [{"count": 1}]}]))
    b = parse_set({**tiny(layouts=[{"slots": [{"count": 1}]}]), "id": "other"})
    with pytest.raises(Invalid):
        card_index([a, b])
    assert len(card_index([a, a])) == 6


def test_allocation_identical_configuration_and_random_starters():
    sets = sample_sets()
    product = resolve_settings("vtes")["product"]
    players = [f"p{i}" for i in range(8)]
    alloc = allocate(product, sets, "seed", players)
    assert all(len(a["packs"]) == 3 and len(a["starters"]) == 1 for a in alloc.values())
    starters = [a["starters"][0]["starter"] for a in alloc.values()]
    assert sorted(starters.count(s) for s in set(starters)) == [2, 2, 2, 2]  # dealt evenly
    assert allocate(product, sets, "seed", players) == alloc
    late = allocate_one(product, sets, "seed", "late")
    assert len(pool_of(late)) == 3 * 11 + len(late["starters"][0]["cards"])
    assert alloc["p1"]["packs"] == allocate(product, sets, "seed", ["p1"])["p1"]["packs"]


def test_check_product_reports_unknown_sets_and_boosters():
    problems = check_product({"boosters": [{"set": "nope"}, {"set": "sample-mtg",
                                                             "booster": "jumbo"}],
                              "starters": [{"set": "sample-mtg"}]}, sample_sets())
    assert len(problems) == 3


def test_pod_sizes_and_assignment():
    assert pod_sizes(8, 4, 8, 8) == [8]
    assert pod_sizes(12, 4, 8, 6, even=True) == [6, 6]
    assert pod_sizes(14, 4, 8, 6, even=True) == [8, 6]
    assert pod_sizes(17, 4, 8, 8) == [6, 6, 5]
    assert pod_sizes(3, 4, 8, 8) == [3]
    with pytest.raises(Invalid):
        pod_sizes(1, 4, 8, 8)
    players = [f"p{i}" for i in range(17)]
    pods = assign_pods(players, [6, 6, 5], "s")
    assert sorted(p for pod in pods for p in pod) == sorted(players)
    assert pods == assign_pods(list(reversed(players)), [6, 6, 5], "s")
    assert check_explicit([["a", "b"], ["c", "d"]], ["a", "b", "c", "d"])
    with pytest.raises(Invalid) as err:
        check_explicit([["a", "b"], ["b"]], ["a", "b", "c"])
    assert len(err.value.details) == 3
