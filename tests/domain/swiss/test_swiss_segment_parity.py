"""The segment bound's parity matching (``segments._with_parity2``) against every
assignment of a small segment, and on the shape of the 4,096-player round it left 2
below its optimum while middle groups over 96 players were solved without parity."""
import random

import pytest

from chalicelib.domain.swiss.cost import Candidate, Weights, quality
from chalicelib.domain.swiss.exact import exact_pairs
from chalicelib.domain.swiss.segments import _with_parity2, segment_bound


def every_assignment(part, ups, downs, parity):
    """The least doubled cost over all ways to pair or send out each player, with the
    count leaving up of ``parity``: by trying them all."""
    best = None

    def walk(left, cost, up_count):
        nonlocal best
        if not left:
            if up_count % 2 == parity % 2 and (best is None or cost < best):
                best = cost
            return
        i, rest = left[0], left[1:]
        if ups[i] is not None:
            walk(rest, cost + ups[i], up_count + 1)
        if downs[i] is not None:
            walk(rest, cost + downs[i], up_count)
        for k, j in enumerate(rest):
            if part[j].id not in part[i].opponents:
                walk(rest[:k] + rest[k + 1:],
                     cost + 2 * (part[i].score - part[j].score) ** 2, up_count)

    walk(list(range(len(part))), 0, 0)
    return best


@pytest.mark.parametrize("seed", range(40))
def test_the_parity_matching_is_the_least_assignment_of_that_parity(seed):
    rng = random.Random(seed)
    m = rng.randint(1, 7)
    ids = [f"p{i}" for i in range(m)]
    met = {p: set() for p in ids}
    for a in ids:
        for b in ids:
            if a < b and rng.random() < 0.3:
                met[a].add(b)
                met[b].add(a)
    part = [Candidate(p, rng.choice([3, 4, 5]), k, frozenset(met[p]))
            for k, p in enumerate(ids)]
    ups = [None if rng.random() < 0.2 else rng.randint(1, 12) for _ in ids]
    downs = [None if rng.random() < 0.2 else rng.randint(1, 12) for _ in ids]
    for parity in (0, 1):
        assert _with_parity2(part, ups, downs, parity) == \
            every_assignment(part, ups, downs, parity)


def test_middle_groups_of_more_than_96_keep_the_parity_they_leave_by():
    """An odd top group, a middle group of 121 and two players of a small group who have
    met, between groups of 400: one top player must float (4) and the two who met must
    both leave their group the same way (2). Middle groups over 96 players used to be
    solved without the parity of their exits, a bound of 4."""
    sizes = {6: 201, 4: 121, 3: 400, 2: 2, 1: 110, 0: 200}
    ids = [f"s{score}p{i}" for score, count in sizes.items() for i in range(count)]
    met = {"s2p0": frozenset({"s2p1"}), "s2p1": frozenset({"s2p0"})}
    cands = [Candidate(p, int(p[1]), rank, met.get(p, frozenset()))
             for rank, p in enumerate(ids)]
    exact = quality(exact_pairs(cands, Weights.for_players(cands), random.Random(0)))
    assert exact.rematches == 0 and exact.squared_gap == 6
    assert segment_bound(cands) == 6
