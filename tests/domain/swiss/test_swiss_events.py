"""Swiss events as earlier versions stored them decode to today's one shape per name."""
from __future__ import annotations

import copy

from chalicelib.domain.decider import fold
from chalicelib.domain.events import decode
from chalicelib.domain.swiss import SWISS
from chalicelib.domain.swiss.events import RoundClosed, RoundPaired, SwissStarted

SWISS_STREAM = "swiss-t0123456789ab"
QUALITY = {"cross_pod": 0, "rematches": 0, "score_gap": 2, "squared_gap": 4}
STARTED = SwissStarted(seed_key="k", settings={"best_of": 3}, planned_rounds=3,
                       planned_cut=0)

# as the first version recorded a round: matches with ids and tables, the players joining
FIRST_SHAPE = {
    "round": 1, "bye": "p5", "by": "o1", "ends_at": None, "method": "exact",
    "pods": {}, "quality": QUALITY, "joined": ["p1", "p2", "p3", "p4", "p5"],
    "matches": [{"id": "R1-1", "table": 1, "a": "p3", "b": "p1"},
                {"id": "R1-2", "table": 2, "a": "p2", "b": "p4"}]}
# the same round once rounds were recorded as pairs, before their bound was proven
PAIRS_SHAPE = {
    "round": 1, "bye": "p5", "by": "o1", "ends_at": None, "method": "exact",
    "pods": {}, "quality": QUALITY, "left": [], "results_in": "match",
    "pairs": [["p3", "p1"], ["p2", "p4"]]}


def test_a_round_recorded_as_matches_decodes_to_its_pairs():
    stored = copy.deepcopy(FIRST_SHAPE)
    paired = decode("RoundPaired", stored, 1, SWISS_STREAM)
    assert isinstance(paired, RoundPaired)
    assert paired.pairs == [["p3", "p1"], ["p2", "p4"]]
    assert paired.matches() == FIRST_SHAPE["matches"]
    # results went to the Swiss stream then; the pairing was solved to optimality
    assert (paired.results_in, paired.left) == ("swiss", [])
    assert (paired.optimal, paired.bound, paired.gap) == (True, 4, 0)
    assert "joined" not in paired.data and "matches" not in paired.data
    assert stored == FIRST_SHAPE                    # the stored payload is untouched


def test_the_players_joining_are_derived_as_the_first_version_recorded_them():
    state = fold(SWISS, SWISS.initial(), [STARTED, decode("RoundPaired", FIRST_SHAPE, 1)])
    assert state.joined == {p: 1 for p in FIRST_SHAPE["joined"]}
    assert [(m.id, m.table, m.a, m.b) for m in state.rounds[0].matches] == [
        ("R1-1", 1, "p3", "p1"), ("R1-2", 2, "p2", "p4")]
    assert state.rounds[0].results_in == "swiss"


def test_a_round_recorded_before_its_bound_reads_as_proven_optimal():
    paired = decode("RoundPaired", PAIRS_SHAPE, 1, SWISS_STREAM)
    assert (paired.optimal, paired.bound, paired.gap) == (True, 4, 0)
    assert paired.results_in == "match"
    current = {**PAIRS_SHAPE, "optimal": False, "bound": 3, "gap": 1}
    assert decode("RoundPaired", current, 1) == decode("RoundPaired", current, 2)
    assert decode("RoundPaired", current, 2).data == current


def test_a_round_closed_before_matches_had_streams_has_no_results_of_its_own():
    closed = decode("RoundClosed", {"round": 2}, 1, SWISS_STREAM)
    assert closed == RoundClosed(round=2, results=None, drop_losses={}, corrected=[])
    full = {"round": 2, "results": [[2, 0, 0]], "drop_losses": {}, "corrected": ["R2-1"]}
    assert decode("RoundClosed", full, 1) == RoundClosed(**full) == decode("RoundClosed",
                                                                           full, 2)
