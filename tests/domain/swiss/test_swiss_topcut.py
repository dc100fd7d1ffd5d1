import pytest
from swiss_helpers import NOW, Harness, players

from chalicelib.domain.errors import Conflict, Invalid
from chalicelib.domain.swiss import CorrectResult, DropPlayer, SetStructure, StartTopCut
from chalicelib.domain.swiss.standings import standings
from chalicelib.domain.swiss.topcut import bracket_order


def test_bracket_order():
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def swiss_done(n=12, game="munchkin"):
    h = Harness(game, "cut")
    for _ in range(h.state.planned_rounds or 99):
        h.play(h.pair(players(n)), lambda m: (1, 0, 0) if m["table"] % 2 else (0, 1, 0))
        if len(h.state.rounds) == h.state.planned_rounds:
            break
    return h


def test_munchkin_top_four_seeded_high_low_without_reseeding():
    h = swiss_done(12)
    assert (h.state.planned_rounds, h.state.planned_cut) == (4, 4)
    order = [s.record.player for s in standings(h.state)]
    started = h.run(StartTopCut("org", NOW))[0].data
    assert started["seeds"] == order[:4]
    first = started["rounds"][0]
    assert [(m["a"], m["b"]) for m in first] == [(order[0], order[3]), (order[1], order[2])]
    # Seed 4 upsets seed 1; the bracket is not reseeded: 4 meets the 2-3 winner.
    h.enter("C1-1", 0, 1)
    h.enter("C1-2", 1, 0)
    final = h.state.cut.rounds[1][0]
    assert (final.a, final.b) == (order[3], order[1])
    with pytest.raises(Invalid):
        h.enter("C2-1", 1, 0)              # the final is best of three, played out
    events = h.enter("C2-1", 1, 2)
    assert events[-1].data == {"champion": order[1]}


def test_cut_correction_moves_the_winner_until_the_next_match_has_a_result():
    h = swiss_done(12)
    h.run(StartTopCut("org", NOW))
    h.enter("C1-1", 1, 0)
    h.enter("C1-2", 1, 0)
    events = h.run(CorrectResult("C1-1", "j", 0, 1, NOW))
    assert events[1].type == "CutAdvanced"
    seeds = h.state.cut.seeds
    assert h.state.cut.rounds[1][0].a == seeds[3]
    h.enter("C2-1", 2, 0)
    with pytest.raises(Conflict, match="correct C2-1 first"):
        h.run(CorrectResult("C1-1", "j", 1, 0, NOW))


def test_swiss_results_are_final_once_the_cut_is_seeded():
    """Correcting a Swiss match after the cut started would reorder the standings the
    bracket was seeded from; the judge corrects before starting the cut."""
    h = swiss_done(12)
    last = h.state.rounds[-1].matches[0].id
    h.run(CorrectResult(last, "j", 0, 1, NOW))          # before the cut: allowed
    h.run(StartTopCut("org", NOW))
    before = h.state
    with pytest.raises(Conflict, match="can no longer be corrected") as refused:
        h.run(CorrectResult(last, "j", 1, 0, NOW))
    assert refused.value.code == "top_cut_started" and h.state is before


def test_cut_needs_all_rounds_and_skips_dropped_players():
    h = Harness("munchkin", "cut2")
    h.play(h.pair(players(10)), lambda m: (1, 0, 0))
    with pytest.raises(Conflict, match="1 of 4"):
        h.run(StartTopCut("org", NOW))
    h.run(SetStructure("org", NOW, rounds=1))
    leader = standings(h.state)[0].record.player
    h.run(DropPlayer(leader, leader, NOW))
    started = h.run(StartTopCut("org", NOW))[0].data
    assert leader not in started["seeds"] and len(started["seeds"]) == 4
    with pytest.raises(Conflict):
        h.pair(players(10))


def test_small_event_has_no_cut_unless_the_organizer_sets_one():
    h = swiss_done(8)
    assert h.state.planned_cut == 0
    with pytest.raises(Invalid, match="power of two"):
        h.run(StartTopCut("org", NOW))
    assert h.run(StartTopCut("org", NOW, size=2))[0].data["size"] == 2


def test_structure_override_respects_the_profile_minimum():
    """.hack//ENEMY: "Sanctioned booster draft tournaments consist of at least three
    rounds of Swiss play": fewer is refused before round 1 as after it, never accepted
    and then played as three."""
    h = Harness("hack", "min")
    with pytest.raises(Invalid) as before:
        h.run(SetStructure("org", NOW, rounds=2, settings=h.settings))
    assert "between 3" in before.value.details[0]
    h.pair(players(6), {p: 0 for p in players(6)})
    assert h.state.planned_rounds == 3
    with pytest.raises(Invalid) as err:
        h.run(SetStructure("org", NOW, rounds=2))
    assert "between 3" in err.value.details[0]
    h.run(SetStructure("org", NOW, rounds=4, top_cut=2))
    assert (h.state.planned_rounds, h.state.planned_cut) == (4, 2)
