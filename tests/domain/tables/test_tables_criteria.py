from chalicelib.domain.tables.criteria import CODES, counts, report, violations

R1 = [["a", "b", "c", "d", "e"], ["f", "g", "h", "i"]]


def test_first_round_has_no_violation():
    assert counts([R1]) == [0] * 9


def test_same_round_twice_violates_pair_and_seat_rules():
    found = violations([R1, R1])
    assert len(found["R1"]) == 5 + 4  # every predator keeps the same prey
    assert len(found["R2"]) == 10 + 6  # met in every round
    assert len(found["R4"]) == 16
    assert len(found["R5"]) == 1 and found["R5"] == [["e"]]
    assert len(found["R7"]) == 9
    assert ["a", "b"] in found["R1"] and ["e", "a"] in found["R1"]


def test_prey_reversed_is_not_a_repeat_but_same_group_is():
    r2 = [["b", "a", "f", "g", "h"], ["c", "d", "e", "i"]]
    found = violations([R1, r2])
    assert ["a", "b"] not in found["R1"] and ["b", "a"] not in found["R1"]
    assert ["a", "b", "neighbours"] in found["R9"]
    assert ["a", "b"] in found["R4"]


def test_available_vps_and_transfers_spread():
    # "i" sits at the four-player table three times, seat 1 each time.
    rounds = [
        [["a", "b", "c", "d", "e"], ["i", "f", "g", "h"]],
        [["b", "c", "d", "e", "f"], ["i", "a", "g", "h"]],
        [["c", "d", "e", "f", "g"], ["i", "a", "b", "h"]],
    ]
    found = violations(rounds)
    assert ["i"] in found["R3"] and ["i"] in found["R8"]


def test_report_lists_rules_in_order():
    rep = report([R1, R1])
    assert [r["rule"] for r in rep] == list(CODES)
    assert rep[0]["count"] == len(rep[0]["items"])
