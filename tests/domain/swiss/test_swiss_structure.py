import pytest

from chalicelib.domain.profiles import resolve_settings
from chalicelib.domain.swiss.structure import plan


@pytest.mark.parametrize("count, rounds, cut", [
    (2, 3, 0), (8, 3, 0),            # Munchkin: up to 8 players, 3 rounds, no cut
    (9, 4, 4), (16, 4, 4),           # 9-16: 4 rounds, top 4
    (17, 5, 8), (32, 5, 8),          # 17-32: 5 rounds, top 8
    (33, 6, 8), (64, 6, 8), (65, 7, 8), (4096, 12, 8), (20000, 15, 8),
])
def test_munchkin_table(count, rounds, cut):
    assert plan(resolve_settings("munchkin")["swiss"], count) == (rounds, cut)


def test_organizer_override_wins():
    settings = resolve_settings("munchkin", {"swiss": {"rounds": 6, "top_cut": 2}})["swiss"]
    assert plan(settings, 12) == (6, 2)


def test_cut_never_exceeds_players():
    settings = resolve_settings("munchkin", {"swiss": {"top_cut": 16}})["swiss"]
    assert plan(settings, 10) == (4, 8)


def test_hack_plays_at_least_three_rounds_in_pods():
    settings = resolve_settings("hack", {"swiss": {"rounds": 2}})["swiss"]
    assert settings["pair_within_pods"] is True
    assert plan(settings, 30) == (3, 0)


def test_settings_are_validated():
    from chalicelib.domain.errors import Invalid
    with pytest.raises(Invalid):
        resolve_settings("munchkin", {"swiss": {"top_cut": 6}})
    with pytest.raises(Invalid):
        resolve_settings("mtg", {"swiss": {"best_of": 2}})
    with pytest.raises(Invalid):
        resolve_settings("mtg", {"swiss": {"points_win": 1, "points_draw": 1}})
