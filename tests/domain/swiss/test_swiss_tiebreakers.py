"""Tiebreak chains on hand-worked examples."""
from fractions import Fraction as F

from chalicelib.domain.profiles import resolve_settings
from chalicelib.domain.swiss.pmap import PMap
from chalicelib.domain.swiss.records import records
from chalicelib.domain.swiss.results import Score
from chalicelib.domain.swiss.standings import rank
from chalicelib.domain.swiss.state import Match, Round
from chalicelib.domain.swiss.tiebreakers import coin


def make_rounds(*rounds):
    """Each round: list of (a, b, games_a, games_b, draws) plus an optional bye."""
    built = []
    for number, (games, bye) in enumerate(rounds, start=1):
        matches, results = [], PMap()
        for t, (a, b, ga, gb, d) in enumerate(games, start=1):
            m = Match(f"R{number}-{t}", number, t, a, b)
            matches.append(m)
            results = results.set(m.id, Score(ga, gb, d))
        built.append(Round(number, tuple(matches), bye, results, closed=True))
    return built


def test_munchkin_strength_of_schedule():
    s = resolve_settings("munchkin")["swiss"]
    rounds = make_rounds(
        ([("A", "B", 1, 0, 0), ("C", "D", 1, 0, 0), ("E", "F", 1, 0, 0)], None),
        ([("A", "C", 1, 0, 0), ("E", "B", 1, 0, 0), ("D", "F", 1, 0, 0)], None),
        ([("C", "E", 1, 0, 0), ("B", "D", 1, 0, 0), ("F", "A", 1, 0, 0)], None))
    table = rank(records(rounds, s), s, "k", (), 3)
    assert [r.record.player for r in table] == ["C", "A", "E", "F", "B", "D"]
    by = {r.record.player: r for r in table}
    # C and A both beat 6 points of opponents; C lost to A (4), A lost to F (2).
    assert by["C"].tiebreakers == {"defeated_score": 6, "defeated_by_score": 4,
                                   "first_defeat_round": 2}
    assert by["A"].tiebreakers == {"defeated_score": 6, "defeated_by_score": 2,
                                   "first_defeat_round": 3}
    assert by["F"].tiebreakers["defeated_score"] == 4


def test_munchkin_latest_first_defeat_then_coin():
    s = resolve_settings("munchkin")["swiss"]
    rounds = make_rounds(([("Y", "P", 1, 0, 0), ("Q", "X", 1, 0, 0)], None),
                         ([("P", "X", 1, 0, 0), ("Y", "Q", 1, 0, 0)], None))
    order = [r.record.player for r in rank(records(rounds, s), s, "k", (), 2)]
    assert order == ["Y", "Q", "P", "X"]          # Q lost first in round 2, P in round 1
    # Undefeated players count as never defeated (best on the third tiebreaker).
    assert rank(records(rounds, s), s, "k", (), 2)[0].tiebreakers["first_defeat_round"] is None


def test_coin_toss_decides_a_perfect_tie_reproducibly():
    s = resolve_settings("mtg")["swiss"]
    rounds = make_rounds(([("M", "N", 1, 1, 0)], None))
    for key in ("k1", "k2", "k3", "k4"):
        order = [r.record.player for r in rank(records(rounds, s), s, key, (), 1)]
        expected = sorted(["M", "N"], key=lambda p: coin(key, p), reverse=True)
        assert order == expected


def test_mtr_percentages_with_floor_and_bye():
    s = resolve_settings("mtg")["swiss"]
    rounds = make_rounds(
        ([("A", "B", 2, 0, 0), ("C", "D", 2, 1, 0)], "E"),
        ([("A", "C", 2, 1, 0), ("E", "B", 1, 1, 1)], "D"))
    table = rank(records(rounds, s), s, "k", (), 2)
    assert [r.record.player for r in table] == ["A", "E", "C", "D", "B"]
    by = {r.record.player: r for r in table}
    assert [by[p].record.points for p in "AECDB"] == [6, 4, 3, 3, 1]
    # B: 1 of 6 match points -> floored to 0.33; A's OMW = (0.33 + 0.5) / 2.
    assert by["A"].tiebreakers["omw"] == F(83, 200)
    assert by["A"].tiebreakers["gw"] == F(12, 15)
    # D's bye counts as a 2-0 win: 3 game wins, 2 losses -> 9/15.
    assert by["D"].tiebreakers["gw"] == F(9, 15)
    # E's opponents exclude the bye: only B (floored GW 0.33).
    assert by["E"].tiebreakers["omw"] == F(33, 100)
    assert by["E"].tiebreakers["ogw"] == F(33, 100)
    assert by["C"].tiebreakers["omw"] == F(3, 4)      # D 0.5, A 1.0
    assert by["B"].tiebreakers["ogw"] == (F(12, 15) + F(10, 15)) / 2
