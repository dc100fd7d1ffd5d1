import pytest

from chalicelib.domain.errors import Conflict, Invalid
from chalicelib.domain.tables.final import final_standings, place_card, seat_final
from chalicelib.domain.tables.ranking import standings


def test_vekn_3_1_3_seat_choice_example():
    q = ["1", "2", "3", "4", "5"]  # by preliminary rank
    row = place_card(q, [], "5", 0)
    row = place_card(q, row, "4", 1)  # right end
    assert row == ["5", "4"]
    row = place_card(q, row, "3", 0)  # left end
    assert row == ["3", "5", "4"]
    row = place_card(q, row, "2", 2)  # between 5 and 4
    assert row == ["3", "5", "2", "4"]
    row = place_card(q, row, "1", 3)  # between 2 and 4
    assert row == ["3", "5", "2", "1", "4"]
    seating, first = seat_final(row, "seed")
    assert seating[0] == first and sorted(seating) == sorted(row)
    k = row.index(first)
    assert seating == row[k:] + row[:k]


def test_out_of_turn_and_bad_positions():
    q = ["a", "b", "c", "d", "e"]
    with pytest.raises(Conflict):
        place_card(q, [], "a", 0)
    with pytest.raises(Invalid):
        place_card(q, ["e"], "d", 3)


def test_final_winner_ties_broken_by_preliminary_rank():
    q = ["a", "b", "c", "d", "e"]
    rows = final_standings(q, {"a": 2, "b": 4, "c": 4, "d": 0, "e": 0})
    assert rows[0] == {"player": "b", "rank": 1, "vp_halves": 4}
    assert all(r["rank"] == 2 for r in rows[1:])


def test_ranking_gw_then_vp_then_tp_and_toss_for_top_five():
    scores = {
        "a": {"gw": 1, "vp_halves": 4, "tp": 60}, "b": {"gw": 0, "vp_halves": 6, "tp": 96},
        "c": {"gw": 0, "vp_halves": 6, "tp": 90}, "d": {"gw": 0, "vp_halves": 2, "tp": 48},
        "e": {"gw": 0, "vp_halves": 2, "tp": 48}, "f": {"gw": 0, "vp_halves": 2, "tp": 48},
        "g": {"gw": 0, "vp_halves": 0, "tp": 12}, "h": {"gw": 0, "vp_halves": 0, "tp": 12},
    }
    rows = standings(scores, "seed")
    assert [r["player"] for r in rows[:3]] == ["a", "b", "c"]
    tied = rows[3:6]
    assert sorted(r["player"] for r in tied) == ["d", "e", "f"]
    assert [r["rank"] for r in tied] == [4, 5, 6] and all(r["toss"] for r in tied)
    assert [r["rank"] for r in rows[6:]] == [7, 7] and not rows[6]["toss"]
    assert standings(scores, "seed") == rows
    dropped = standings(scores, "seed", eligible=[p for p in scores if p != "a"])
    assert dropped[-1]["player"] == "a" and not dropped[-1]["eligible"]
