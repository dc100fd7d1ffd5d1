"""Bounded pairing: the split lower bound is a true bound and proves rounds the parity
bound could not, so they are no longer solved exactly as a whole field; when the budget
runs out first the pairing says so (optimal false, gap) instead of searching on."""
import random

import pytest
from test_swiss_repair import simulate

import chalicelib.domain.swiss.pairing as pairing_module
import chalicelib.domain.swiss.repair as repair_module
from chalicelib.domain.swiss.bounds import split_bound
from chalicelib.domain.swiss.cost import Candidate, Weights, quality, score_lower_bound
from chalicelib.domain.swiss.exact import exact_pairs
from chalicelib.domain.swiss.pairing import pair_round
from chalicelib.domain.swiss.segments import segment_bound


@pytest.fixture(autouse=True)
def repaired_above_256(monkeypatch):
    """These fields of 512 are paired exactly since the exact fallback reaches 512 (and the
    last resort 1,024); the bounds and the repair they exercise serve larger fields: no
    fallback above the direct exact solve of 256 here."""
    monkeypatch.setattr(pairing_module, "FALLBACK_FACTOR", 1)
    monkeypatch.setattr(pairing_module, "LAST_RESORT_FACTOR", 1)


def field(n: int, seed: int, number: int) -> list[Candidate]:
    """The candidates of round ``number`` (0-based) of a seeded simulated event."""
    for k, (cands, _) in enumerate(simulate(n, number + 1, seed)):
        if k == number:
            return cands
    raise AssertionError("not reached")


def largest_exact_solve(monkeypatch) -> list[int]:
    sizes: list[int] = []
    real = pairing_module.exact_pairs

    def spy(players, *args, **kwargs):
        sizes.append(len(players))
        return real(players, *args, **kwargs)

    monkeypatch.setattr(pairing_module, "exact_pairs", spy)
    monkeypatch.setattr(repair_module, "exact_pairs", spy)
    return sizes


@pytest.mark.parametrize(("seed", "number", "method"), [(1, 8, "brackets"),
                                                        (5, 8, "brackets+repair")])
def test_pinned_fields_that_missed_the_parity_bound_are_proven_optimal(
        seed, number, method, monkeypatch):
    """Two 512-player rounds (seeded) whose optimum is 2 above the parity bound: before
    the split bound each ran an exact solve of the whole field (11 s with networkx).
    Now the split bound equals the optimum, the pairing reaches it, and no exact solve
    covers more than a window of the field."""
    cands = field(512, seed, number)
    exact = quality(exact_pairs(cands, Weights.for_players(cands), random.Random(0)))
    assert exact.rematches == 0
    assert score_lower_bound(cands) + 2 == exact.squared_gap       # the parity bound misses
    assert split_bound(cands) == exact.squared_gap                  # the split bound is exact
    solves = largest_exact_solve(monkeypatch)
    got = pair_round(cands, random.Random(f"{seed}-{number}"))
    assert got.method == method
    assert got.optimal and got.gap == 0 and got.bound == exact.squared_gap
    assert got.quality.squared_gap == exact.squared_gap and got.quality.rematches == 0
    assert max(solves, default=0) < len(cands) // 2


@pytest.mark.parametrize("seed", range(6))
def test_split_bound_never_exceeds_the_optimum(seed):
    """Small parts force the split bound through its three pieces (top, parity middle,
    bottom) on fields small enough to solve exactly."""
    rng = random.Random(seed)
    for cands, _ in simulate(rng.choice([40, 56, 72]), 7, seed):
        exact = quality(exact_pairs(cands, Weights.for_players(cands), random.Random(1)))
        for part in (4, 12, 30):
            bound = split_bound(cands, part)
            assert score_lower_bound(cands) <= bound
            if exact.rematches == 0:
                assert bound <= exact.squared_gap


def test_segment_bound_never_exceeds_the_optimum_and_sees_the_middle():
    """Small parts cut the middle score groups into segments solved with exits up and
    down: never above the exact optimum, and above the split bound on some fields."""
    stronger = 0
    for seed in range(12):
        rng = random.Random(seed)
        for cands, _ in simulate(rng.choice([40, 56, 72, 100]), 8, seed):
            exact = quality(exact_pairs(cands, Weights.for_players(cands), random.Random(1)))
            for part in (4, 8, 12):
                bound = segment_bound(cands, part)
                assert split_bound(cands, part) <= bound
                if exact.rematches == 0:
                    assert bound <= exact.squared_gap
                stronger += bound > split_bound(cands, part)
    assert stronger


@pytest.mark.parametrize("sizes", [{6: 8, 3: 8, 2: 2, 1: 3, 0: 3},
                                   {6: 8, 4: 2, 3: 8, 2: 2, 1: 3, 0: 7}])
def test_a_middle_group_that_must_leave_is_charged_with_the_parity_it_leaves_by(sizes):
    """The shape of a 2,048-player round 3 the bounds left 1 below its optimum: two
    players of a small middle group have met, so both leave it; one leaving up would
    leave the big group above odd. Exits counted with their parity (and a pair passing
    over the group charged for it) reach the optimum; parity alone sees 1 of 3."""
    ids = [f"s{score}p{i}" for score, count in sizes.items() for i in range(count)]
    met = {"s2p0": frozenset({"s2p1"}), "s2p1": frozenset({"s2p0"})}
    cands = [Candidate(p, int(p[1]), rank, met.get(p, frozenset()))
             for rank, p in enumerate(ids)]
    exact = quality(exact_pairs(cands, Weights.for_players(cands), random.Random(0)))
    assert exact.rematches == 0 and exact.squared_gap == 3
    assert split_bound(cands, 5) == 1
    assert segment_bound(cands, 5) == 3


def test_out_of_budget_the_best_pairing_is_returned_with_its_gap(monkeypatch):
    """With a bound that cannot be reached (the parity bound) and no budget, the repair
    stops at once: the pairing is the fast one, no rematch, and its gap is recorded."""
    cands = field(512, 5, 8)
    monkeypatch.setattr(pairing_module, "split_bound", score_lower_bound)
    monkeypatch.setattr(pairing_module, "segment_bound", score_lower_bound)
    monkeypatch.setattr(pairing_module, "budget_for", lambda players: 0)
    got = pair_round(cands, random.Random("5-8"))
    assert not got.optimal
    assert got.quality.rematches == 0
    assert got.bound == score_lower_bound(cands)
    assert got.gap == got.quality.squared_gap - got.bound > 0


def test_rustworkx_and_networkx_find_equally_good_pairings():
    for cands, _ in simulate(48, 6, 3):
        weights = Weights.for_players(cands)
        costs = {solver: quality(exact_pairs(cands, weights, random.Random(2), solver))
                 for solver in ("rustworkx", "networkx")}
        assert costs["rustworkx"] == costs["networkx"]


def test_large_pairings_are_deterministic():
    cands = field(512, 5, 8)
    first = pair_round(cands, random.Random("x"))
    again = pair_round(cands, random.Random("x"))
    assert [(a.id, b.id) for a, b in first.pairs] == [(a.id, b.id) for a, b in again.pairs]


def test_round_paired_records_optimality_and_views_default_older_events():
    """``RoundPaired`` carries optimal, bound and gap; the round view shows them, and a
    round recorded before they existed (always solved to optimality) reads as optimal."""
    from swiss_helpers import Harness, players

    from chalicelib.domain.events import decode
    from chalicelib.projections.swiss import pairing_header

    h = Harness("mtg", "bounds")
    paired = h.pair(players(21))
    assert paired["optimal"] is True and paired["gap"] == 0
    assert paired["bound"] == paired["quality"]["squared_gap"]
    event = decode("RoundPaired", {k: v for k, v in paired.items() if k != "matches"}, 2)
    assert pairing_header(event) == {key: paired[key] for key in
                                     ("method", "quality", "optimal", "bound", "gap")}
    quality = {"rematches": 0, "cross_pod": 0, "squared_gap": 6, "score_gap": 4}
    older = {**{k: v for k, v in paired.items()
                if k not in ("matches", "optimal", "bound", "gap")}, "quality": quality}
    assert pairing_header(decode("RoundPaired", older, 1)) == {
        "method": paired["method"], "quality": quality, "optimal": True, "bound": 6, "gap": 0}
