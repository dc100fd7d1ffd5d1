"""The window repair of the fast pairer is exact: forced onto small windows (so wide
windows take the sparse-graph path) it still costs what networkx's exact matching of the
whole field costs, and large fields keep the no-avoidable-rematch / one-bye guarantees."""
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from swiss_helpers import Harness, players, random_outcome

import chalicelib.domain.swiss.pairing as pairing_module
import chalicelib.domain.swiss.repair as repair_module
from chalicelib.domain.swiss.cost import Candidate, Weights, quality, total_cost
from chalicelib.domain.swiss.decide_pairing import round_candidates
from chalicelib.domain.swiss.exact import exact_pairs
from chalicelib.domain.swiss.pairing import pair_round


def simulate(n: int, rounds: int, seed: int, **limits):
    rng = random.Random(seed)
    ids = [f"p{i}" for i in range(n)]
    score = dict.fromkeys(ids, 0)
    opponents: dict[str, set[str]] = {i: set() for i in ids}
    for rnd in range(rounds):
        order = sorted(ids, key=lambda p: (-score[p], p))
        cands = [Candidate(p, score[p], k, frozenset(opponents[p])) for k, p in enumerate(order)]
        pairing = pair_round(cands, random.Random(f"{seed}-{rnd}"), **limits)
        yield cands, pairing
        for a, b in pairing.pairs:
            opponents[a.id].add(b.id)
            opponents[b.id].add(a.id)
            x = rng.random()
            if x < 0.15:
                score[a.id] += 1
                score[b.id] += 1
            else:
                score[(a if x < 0.6 else b).id] += 3


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_repair_with_small_windows_costs_what_exact_costs(seed, monkeypatch):
    wide = []
    real = repair_module.sparse_pairs

    def spy(players, *args):
        wide.append(len(players))
        return real(players, *args)

    monkeypatch.setattr(repair_module, "sparse_pairs", spy)
    repaired = 0
    for cands, pairing in simulate(90, 10, seed, exact_limit=4, window_limit=12):
        weights = Weights.for_players(cands)
        exact = exact_pairs(cands, weights, random.Random(0))
        assert total_cost(pairing.pairs, weights) == total_cost(exact, weights)
        repaired += pairing.method.endswith("+repair")
    assert repaired >= 1 and wide, "the repair's wide-window path was not exercised"


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(260, 400), rounds=st.integers(6, 9), seed=st.integers(0, 10**6))
def test_large_fields_never_two_byes_nor_avoidable_rematches(n, rounds, seed):
    """Through the decider (fast path: more than 256 players), an odd field with a
    few drops: each bye goes to a player with the fewest byes, and a round with a
    rematch has no more of them than the exact optimum."""
    with pytest.MonkeyPatch.context() as patch:    # the repair path (not the fallback)
        patch.setattr(pairing_module, "FALLBACK_FACTOR", 1)
        patch.setattr(pairing_module, "LAST_RESORT_FACTOR", 1)
        _large_field(n, rounds, seed)


def _large_field(n: int, rounds: int, seed: int) -> None:
    h = Harness("mtg", f"large-{seed}", {"rounds": rounds})
    rng = random.Random(seed)
    field = players(n | 1)
    outcome = random_outcome(rng, 3, True)
    byes: Counter[str] = Counter()
    methods: Counter[str] = Counter()
    for _ in range(rounds):
        before = h.state
        paired = h.pair(field)
        if paired["bye"]:
            assert byes[paired["bye"]] == min(byes[p] for p in field)
            byes[paired["bye"]] += 1
        methods[paired["method"]] += 1
        if paired["quality"]["rematches"]:
            _, cands = round_candidates(before, h.settings, h.state.seed_key, field, None)
            exact = exact_pairs(cands, Weights.for_players(cands), random.Random(0))
            assert paired["quality"]["rematches"] == quality(exact).rematches
        h.play(paired, outcome)
        gone = rng.sample(field, 2 - len(field) % 2 if len(field) > 270 else 0)
        field = [p for p in field if p not in gone]
    assert max(byes.values(), default=0) <= 1
    assert not methods.keys() - {"brackets", "brackets+repair"}


@pytest.mark.parametrize("seed", [5, 6])
def test_large_podded_fields_through_the_pod_by_pod_path(seed):
    """Pods of 5 to 7 paired pod by pod (exact forced off): never more rematches or pod
    crossings than the exact optimum of the whole field."""
    rng = random.Random(seed)
    sizes = [rng.randint(5, 7) for _ in range(8)]
    ids = [f"p{k}-{i}" for k, size in enumerate(sizes) for i in range(size)]
    ids = ids[: len(ids) // 2 * 2]
    pod = {p: int(p[1:].split("-")[0]) for p in ids}
    score = dict.fromkeys(ids, 0)
    opponents: dict[str, set[str]] = {p: set() for p in ids}
    methods = set()
    for rnd in range(6):
        order = sorted(ids, key=lambda p: (-score[p], p))
        cands = [Candidate(p, score[p], k, frozenset(opponents[p]), pod[p])
                 for k, p in enumerate(order)]
        pairing = pair_round(cands, random.Random(f"{seed}-{rnd}"), exact_limit=4,
                             window_limit=12)
        methods.add(pairing.method)
        exact = quality(exact_pairs(cands, Weights.for_players(cands), random.Random(0)))
        assert pairing.quality.rematches == exact.rematches
        assert pairing.quality.cross_pod == exact.cross_pod
        for a, b in pairing.pairs:
            opponents[a.id].add(b.id)
            opponents[b.id].add(a.id)
            score[(a if rng.random() < 0.5 else b).id] += 3
    assert any(m.startswith("pods") for m in methods)


def test_a_round_repair_leaves_unproven_is_solved_exactly_up_to_the_last_resort(monkeypatch):
    """When neither the brackets nor the repair reach a bound (every bound made
    unreachable, the repair made to find nothing), a field within ``LAST_RESORT_FACTOR``
    x the exact limit is solved exactly and proven; a larger one keeps the repaired
    pairing with its gap."""
    for bound in ("pairing_lower_bound", "segment_bound", "split_bound"):
        monkeypatch.setattr(pairing_module, bound, lambda *args: -1)
    monkeypatch.setattr(pairing_module, "repair", lambda pairs, *args: (pairs, False))
    cands = [Candidate(id=f"p{i:03d}", score=3 * (i % 5), rank=i) for i in range(120)]
    weights = Weights.for_players(cands)
    monkeypatch.setattr(pairing_module, "LAST_RESORT_FACTOR", 16)
    rescued = pairing_module.solve(cands, random.Random(1), exact_limit=8)   # 120 <= 16 x 8
    assert rescued.method == "exact" and rescued.bound is None
    assert total_cost(rescued.pairs, weights) == total_cost(
        exact_pairs(cands, weights, random.Random(1)), weights)
    monkeypatch.setattr(pairing_module, "LAST_RESORT_FACTOR", 8)              # 120 > 8 x 8
    left = pairing_module.solve(cands, random.Random(1), exact_limit=8)
    assert left.method.endswith("+repair") and left.bound is not None
