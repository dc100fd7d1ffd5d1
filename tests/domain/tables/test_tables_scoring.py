import pytest

from chalicelib.domain.errors import Invalid
from chalicelib.domain.tables.scoring import score, validate


def test_vekn_3_7_4_five_player_example():
    # A and C oust one prey each and survive; E survives; B and D ousted.
    r = score(list("ABCDE"), {"A": 3, "B": 0, "C": 3, "D": 0, "E": 1})
    assert {p: r[p]["tp"] for p in "ABCDE"} == {"A": 54, "C": 54, "E": 36, "B": 18, "D": 18}
    assert all(r[p]["gw"] == 0 for p in "ABCDE")
    assert r["E"]["place"] == 3 and r["B"]["place"] == 4


def test_vekn_3_7_4_four_player_example():
    r = score(list("ABCD"), {"A": 3, "B": 0, "C": 1, "D": 1})
    assert {p: r[p]["tp"] for p in "ABCD"} == {"A": 60, "C": 36, "D": 36, "B": 12}
    assert r["B"]["place"] == 5  # third place goes to the table bye
    assert r["A"]["gw"] == 0  # 1.5 VP is not enough for a game win


def test_game_win_needs_two_vp_and_strictly_most():
    r = score(list("ABCDE"), {"A": 4, "B": 2, "C": 0, "D": 0, "E": 1})
    assert r["A"]["gw"] == 1 and r["A"]["tp"] == 60
    tie = score(list("ABCD"), {"A": 4, "B": 4, "C": 0, "D": 0})
    assert tie["A"]["gw"] == tie["B"]["gw"] == 0


def test_tournament_points_always_whole_for_any_tie_pattern():
    import itertools
    for size in (4, 5):
        for vps in itertools.product(range(3), repeat=size):
            table = [f"p{i}" for i in range(size)]
            r = score(table, dict(zip(table, vps, strict=True)))
            assert sum(x["tp"] for x in r.values()) == (180 if size == 5 else 144)


@pytest.mark.parametrize("vp,msg", [
    ({"A": 6, "B": 0, "C": 0, "D": 0, "E": 5}, "at most 5 VP"),
    ({"A": -1, "B": 0, "C": 0, "D": 0, "E": 0}, "negative"),
    ({"A": 1.5, "B": 0, "C": 0, "D": 0, "E": 0}, "half points"),
    ({"A": 1, "B": 0, "C": 0, "D": 0}, "without a score"),
    ({"A": 1, "B": 0, "C": 0, "D": 0, "E": 0, "Z": 0}, "not seated"),
])
def test_impossible_tables_rejected(vp, msg):
    with pytest.raises(Invalid) as exc:
        validate(list("ABCDE"), vp)
    assert any(msg in d["msg"] for d in exc.value.details)
