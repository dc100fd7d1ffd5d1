"""Pairing within drafting pods: a soft constraint below rematches and second byes."""
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from swiss_helpers import Harness, random_outcome

from chalicelib.domain.swiss.byes import choose_bye
from chalicelib.domain.swiss.cost import Candidate, Weights, quality, total_cost
from chalicelib.domain.swiss.exact import exact_pairs
from chalicelib.domain.swiss.pairing import pair_round


def _run(pod_sizes: list[int], rounds: int, seed: int):
    """A .hack event with the given pods; yields each round's (pairing event, byes
    before the round)."""
    h = Harness("hack", f"pods-{seed}", {"rounds": rounds})
    ids = [f"p{k}-{i}" for k, size in enumerate(pod_sizes) for i in range(size)]
    pods = {p: int(p[1:].split("-")[0]) for p in ids}
    byes: Counter[str] = Counter()
    outcome = random_outcome(random.Random(seed), 3, True)
    for _ in range(rounds):
        paired = h.pair(ids, pods)
        yield paired, dict(byes), pods, ids
        if paired["bye"]:
            byes[paired["bye"]] += 1
        h.play(paired, outcome)


def test_pods_of_three_and_four_never_give_a_second_bye():
    """Audit case: pods of 3 and 4 over 5 rounds used to give two players of the odd
    pod two byes while the other pod had none."""
    total: Counter[str] = Counter()
    for paired, _, _, _ in _run([3, 4], 5, 1):
        total[paired["bye"]] += 1
    assert max(total.values()) == 1 and len(total) == 5


def test_bye_leaves_the_odd_pods_when_all_their_members_had_one():
    ranked = ["a1", "a2", "a3", "b1", "b2", "b3", "b4"]
    pods = {p: 0 if p[0] == "a" else 1 for p in ranked}
    byes = {"a1": 1, "a2": 1, "a3": 1}
    assert choose_bye(ranked, byes, False, random.Random(0), pods) == "b4"
    assert choose_bye(ranked, {"a1": 1}, False, random.Random(0), pods) == "a3"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pod_sizes=st.lists(st.integers(2, 7), min_size=1, max_size=4).filter(
           lambda s: sum(s) >= 3),
       rounds=st.integers(3, 6), seed=st.integers(0, 10**6))
def test_byes_fewest_first_and_rematches_only_when_unavoidable(pod_sizes, rounds, seed):
    """Any pods (odd counts included): each bye goes to a player with the fewest byes,
    and a round has no more rematches than the exact optimum of the whole field."""
    seen: dict[str, set[str]] = {}
    for paired, byes, pods, ids in _run(pod_sizes, rounds, seed):
        if paired["bye"]:
            fewest = min(byes.get(p, 0) for p in ids)
            assert byes.get(paired["bye"], 0) == fewest
        playing = [p for p in ids if p != paired["bye"]]
        cands = [Candidate(p, 0, k, frozenset(seen.get(p, ())), pods[p])
                 for k, p in enumerate(playing)]
        best = quality(exact_pairs(cands, Weights.for_players(cands), random.Random(0)))
        assert paired["quality"]["rematches"] == best.rematches
        for m in paired["matches"]:
            seen.setdefault(m["a"], set()).add(m["b"])
            seen.setdefault(m["b"], set()).add(m["a"])


def test_two_pods_of_four_cross_rather_than_rematch():
    """Audit case: after three rounds each pod of four has played out; round 4 pairs
    across pods (no cross-pod pair has met) instead of four rematches."""
    rounds = list(_run([4, 4], 4, 3))
    last = rounds[-1][0]
    assert last["quality"]["rematches"] == 0
    assert last["quality"]["cross_pod"] == 4
    for paired, _, _, _ in rounds[:3]:
        assert paired["quality"]["cross_pod"] == 0


def test_pod_crossing_outweighs_score_gaps():
    # Two pods of 2 with very different scores: staying in the pod is preferred.
    cands = [Candidate("a", 9, 0, pod=0), Candidate("b", 0, 3, pod=0),
             Candidate("c", 9, 1, pod=1), Candidate("d", 0, 2, pod=1)]
    pairing = pair_round(cands, random.Random(1))
    assert pairing.quality.cross_pod == 0
    weights = Weights.for_players(cands)
    assert total_cost(pairing.pairs, weights) == 2 * 81
