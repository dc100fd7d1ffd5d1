"""V:EKN 7.2.1/7.2.2 limits at and around every boundary, 7.4 counts, other games."""
import pytest

from chalicelib.domain.decks.limits import (
    VTES_TABLE,
    effective_boosters,
    resolve_limits,
)
from chalicelib.domain.errors import Invalid
from chalicelib.domain.profiles.deck import DeckSettings

VTES = DeckSettings.for_game("vtes")


def vtes(**override):
    return VTES.model_copy(update=override)


# boosters per player -> (crypt minimum, library minimum, recursions), from 7.2.2.
TABLE = [
    (1, 1, 5, 11), (2, 2, 10, 5), (3, 3, 15, 3), (4, 4, 20, 2), (5, 5, 25, 1),
    (6, 6, 30, 1), (7, 7, 35, 1), (8, 8, 40, 0), (9, 9, 40, 0), (10, 10, 40, 0),
    (11, 11, 40, 0), (12, 12, 40, 0), (13, 12, 40, 0), (20, 12, 40, 0),
]


@pytest.mark.parametrize("boosters,crypt,library,recursions", TABLE)
def test_vtes_table_by_boosters(boosters, crypt, library, recursions):
    limits = resolve_limits(vtes(boosters_per_player=boosters), "sealed")
    assert (limits.crypt_min, limits.deck_min, limits.recursions) == (crypt, library, recursions)
    assert limits.deck_max == 90 and limits.crypt_max is None
    assert limits.effective_boosters == boosters


def test_recursions_bring_the_effective_library_closest_to_sixty():
    for boosters, (_, library, recursions) in VTES_TABLE.items():
        if library >= 40:
            assert recursions == 0
            continue
        best = min(range(20), key=lambda r: abs(library * (r + 1) - 60))
        assert recursions == best, boosters


@pytest.mark.parametrize("boosters,cards,effective", [
    (6, 10, 5),    # 60 / 11 = 5.45 -> 5
    (7, 10, 6),    # 70 / 11 = 6.36 -> 6
    (1, 15, 1),    # 15 / 11 = 1.36 -> 1
    (3, 15, 4),    # 45 / 11 = 4.09 -> 4
    (5, 15, 7),    # 75 / 11 = 6.82 -> 7
    (4, 11, 4),
    (1, 5, 0),     # 5 / 11 = 0.45 -> 0
    (1, 6, 1),     # 6 / 11 = 0.55 -> 1
    (8, 10, 7),    # 80 / 11 = 7.27 -> 7: below the 40-card library
    (9, 10, 8),    # 90 / 11 = 8.18 -> 8
])
def test_effective_boosters_for_other_pack_sizes(boosters, cards, effective):
    assert effective_boosters([{"count": boosters, "cards": cards}]) == effective


def test_ten_card_pack_set_uses_the_effective_count():
    limits = resolve_limits(vtes(boosters_per_player=8, cards_per_booster=10), "sealed")
    assert (limits.crypt_min, limits.deck_min, limits.recursions) == (7, 35, 1)
    limits = resolve_limits(vtes(boosters_per_player=9, cards_per_booster=10), "sealed")
    assert (limits.crypt_min, limits.deck_min, limits.recursions) == (8, 40, 0)


def test_mixed_sets_sum_their_cards():
    product = {"boosters": [{"count": 2, "cards": 15}, {"count": 3, "cards": 11}]}
    limits = resolve_limits(vtes(), "sealed", product)  # 63 / 11 = 5.7 -> 6
    assert (limits.effective_boosters, limits.crypt_min, limits.deck_min) == (6, 6, 30)


@pytest.mark.parametrize("boosters", [0, 1, 3, 7, 12])
def test_starters_mean_forty_and_twelve(boosters):
    limits = resolve_limits(vtes(boosters_per_player=boosters, starters_used=True), "sealed")
    assert (limits.crypt_min, limits.deck_min, limits.recursions, limits.deck_max) == \
        (12, 40, 0, 90)


def test_a_players_own_product_wins_over_the_settings():
    product = {"boosters": [{"count": 2, "cards": 11}], "starters": 1}
    limits = resolve_limits(vtes(boosters_per_player=3), "sealed", product)
    assert (limits.crypt_min, limits.deck_min) == (12, 40)
    limits = resolve_limits(vtes(boosters_per_player=3), "sealed",
                            {"boosters": [{"count": 2, "cards": 11}]})
    assert (limits.crypt_min, limits.deck_min, limits.recursions) == (2, 10, 5)


def test_no_product_is_refused():
    with pytest.raises(Invalid) as err:
        resolve_limits(vtes(), "sealed")
    assert err.value.code == "no_product"
    with pytest.raises(Invalid):
        resolve_limits(vtes(boosters_per_player=1, cards_per_booster=5), "booster-draft")


def test_restricted_trade_counts_are_exact():
    limits = resolve_limits(vtes(boosters_per_player=6), "restricted-trade")
    assert (limits.deck_min, limits.deck_max, limits.crypt_min, limits.crypt_max) == \
        (65, 65, 12, 12)
    assert limits.recursions == 0
    custom = resolve_limits(vtes(trade_library=60, trade_crypt=11), "restricted-trade")
    assert (custom.deck_min, custom.deck_max, custom.crypt_min) == (60, 60, 11)


def test_organizer_overrides_win_over_the_table():
    limits = resolve_limits(vtes(boosters_per_player=3, deck_min=30, crypt_min=6,
                                 recursions=1, deck_max=60), "sealed")
    assert (limits.deck_min, limits.crypt_min, limits.recursions, limits.deck_max) == \
        (30, 6, 1, 60)


@pytest.mark.parametrize("game,low,high", [("hack", 35, 35), ("munchkin", 30, 30),
                                           ("mtg", 40, None)])
def test_other_games_use_their_profile(game, low, high):
    limits = resolve_limits(DeckSettings.for_game(game), "booster-draft")
    assert (limits.deck_min, limits.deck_max, limits.recursions) == (low, high, None)


def test_settings_refuse_inverted_ranges():
    with pytest.raises(ValueError):
        DeckSettings(deck_min=41, deck_max=40)
