"""A game or match loss as a Swiss score, and a V:EKN table's result from its ousts in
sequence (V:EKN 3.5 concession, 3.6 intentional draw, 3.7.2 VP)."""
from __future__ import annotations

import pytest

from chalicelib.domain.errors import Invalid
from chalicelib.domain.judging.losses import swiss_loss
from chalicelib.domain.swiss.results import Score, validate
from chalicelib.domain.tables.ousts import vp_from_ousts
from chalicelib.domain.tables.scoring import validate as validate_table

SEATS = ["a", "b", "c", "d", "e"]          # turn order: each one's prey sits after them


@pytest.mark.parametrize("kind, side, best_of, current, expected", [
    ("match_loss", "a", 3, None, Score(0, 2)),
    ("match_loss", "b", 3, Score(0, 2), Score(2, 0)),
    ("match_loss", "a", 1, Score(1, 0), Score(0, 1)),
    ("game_loss", "a", 1, None, Score(0, 1)),          # a best of 1: the game is the match
    ("game_loss", "a", 3, None, Score(0, 1)),
    ("game_loss", "b", 3, Score(1, 1), Score(2, 1)),
    ("game_loss", "a", 3, Score(2, 1), Score(1, 2)),
    ("game_loss", "a", 3, Score(1, 1, 1), Score(1, 2)),
    ("game_loss", "a", 3, Score(0, 2), Score(0, 2)),
])
def test_a_loss_is_a_possible_match_score_against_the_player(kind, side, best_of, current,
                                                                expected):
    score = swiss_loss(kind, side, best_of, current)
    assert score == expected
    validate(score, best_of, draws_allowed=False, decisive=False)
    mine, theirs = (score.a, score.b) if side == "a" else (score.b, score.a)
    assert theirs > mine


def test_played_out_each_oust_scores_for_the_predator_and_the_last_one_standing():
    # b ousts c, then a ousts b, then e ousts a, then d ousts e... d is left
    vp = vp_from_ousts(SEATS, ["c", "b", "a", "e"], "played_out")
    assert vp == {"a": 2, "b": 2, "c": 0, "d": 2 + 2, "e": 2}
    assert sum(vp.values()) == 2 * len(SEATS)


def test_time_out_and_intentional_draw_give_half_a_vp_to_each_player_left():
    # V:EKN 3.7.4 example 1: A and C oust B and D, E survives with them.
    assert vp_from_ousts(SEATS, ["b", "d"], "time_out") == {"a": 3, "b": 0, "c": 3, "d": 0,
                                                             "e": 1}
    # V:EKN 3.6: the same result as playing to the time limit
    assert vp_from_ousts(SEATS, ["b", "d"], "intentional_draw") == vp_from_ousts(
        SEATS, ["b", "d"], "time_out")
    assert vp_from_ousts(SEATS, [], "intentional_draw") == {p: 1 for p in SEATS}


def test_a_concession_records_the_remaining_player_ousting_the_others_in_sequence():
    # V:EKN 3.5: after a ousted b, everyone concedes to d: d ousts e, a, c in turn.
    vp = vp_from_ousts(SEATS, ["b"], "concession", "d")
    assert vp == {"a": 2, "b": 0, "c": 0, "d": 3 * 2 + 2, "e": 0}
    validate_table(SEATS, vp)
    four = vp_from_ousts(SEATS[:4], [], "concession", "a")
    assert four == {"a": 8, "b": 0, "c": 0, "d": 0}


@pytest.mark.parametrize("ousts, end, to, problem", [
    (["x"], "time_out", None, "not seated"),
    (["b", "b"], "time_out", None, "ousted once"),
    (["b"], "played_out", None, "one player left"),
    (["a", "b", "c", "d"], "time_out", None, "two players or more"),
    (["b"], "concession", None, "name the player conceded to"),
    (["b"], "time_out", "a", "name the player conceded to"),
    (["b"], "concession", "b", "still in the game"),
    ([], "surrender", None, "one of"),
])
def test_impossible_endings_are_refused(ousts, end, to, problem):
    with pytest.raises(Invalid) as refused:
        vp_from_ousts(SEATS, ousts, end, to)
    assert problem in str(refused.value.details)
