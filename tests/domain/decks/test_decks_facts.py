"""Facts from the product configuration: real booster sizes (7.2.1 note) and card kinds."""
from chalicelib.data.sets import sample_sets
from chalicelib.domain.decks.facts import card_kinds, product_facts, used_set_ids
from chalicelib.domain.decks.limits import resolve_limits
from chalicelib.domain.product.cards import parse_set
from chalicelib.domain.profiles.deck import DeckSettings


def ten_card_set():
    cards = [{"id": f"old-c{i}", "name": f"C{i}", "kind": "crypt"} for i in range(20)]
    cards += [{"id": f"old-l{i}", "name": f"L{i}", "kind": "library"} for i in range(40)]
    return parse_set({"id": "old-base", "name": "Old base set", "cards": cards, "boosters": [
        {"id": "booster", "layouts": [{"slots": [
            {"count": 3, "filter": {"kind": ["crypt"]}},
            {"count": 7, "filter": {"kind": ["library"]}}]}]}]})


def test_booster_sizes_come_from_the_sets():
    sets = {**sample_sets(), "old-base": ten_card_set()}
    product = {"boosters": [{"set": "old-base", "count": 6}, {"set": "sample-vtes", "count": 1}],
               "starters": []}
    facts = product_facts(product, sets)
    assert facts == {"boosters": [{"count": 6, "cards": 10}, {"count": 1, "cards": 11}],
                     "starters": 0}
    limits = resolve_limits(DeckSettings.for_game("vtes"), "sealed", facts)
    assert (limits.effective_boosters, limits.crypt_min, limits.deck_min, limits.recursions) \
        == (6, 6, 30, 1)   # 71 cards / 11 = 6.45 -> 6


def test_unknown_sets_count_as_eleven_and_own_product_has_no_facts():
    product = {"boosters": [{"set": "lost-set", "count": 2}], "starters": [{"set": "lost-set"}]}
    assert product_facts(product, {}) == {"boosters": [{"count": 2, "cards": 11}],
                                          "starters": 1}
    assert product_facts({"source": "own"}, sample_sets()) is None


def test_card_kinds_only_when_every_set_is_known():
    product = {"boosters": [{"set": "sample-mtg", "count": 3}]}
    kinds = card_kinds(sample_sets(), used_set_ids(product))
    assert kinds["cp-meadow"] == "basic-land" and len(kinds) == 133
    with_unknown = {"boosters": [{"set": "sample-mtg", "count": 2}, {"set": "nope", "count": 1}]}
    assert card_kinds(sample_sets(), used_set_ids(with_unknown)) is None
    assert card_kinds(sample_sets(), []) is None
