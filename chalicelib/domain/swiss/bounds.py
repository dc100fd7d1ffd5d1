"""Lower bounds on what a perfect pairing of a Swiss round can cost: a pairing that
reaches one is provably optimal, one that does not is reported with its gap.

The parity bound (``cost.score_lower_bound``) charges each boundary between two score
levels with an odd number of players above it once. It is loose where small levels
meet players they already played (the top and bottom of late rounds). The split bound
is exact there: the top levels, up to a boundary, are solved as a matching in which a
player may also leave the part downwards at the cost of reaching the next level's score
(and the bottom levels symmetrically, leaving upwards); the boundaries between the two
parts keep the parity bound. A pair crossing from one part to another costs at least
the sum of the squares of the segments it spans, so the three parts add up to a bound."""
from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from .cost import Candidate, Weights, is_rematch, score_lower_bound
from .exact import max_saving

SPLIT_PART = 256          # players in each solved part of the split bound


def pairing_lower_bound(players: list[Candidate], weights: Weights) -> int:
    """No perfect pairing of ``players`` costs less: the score parity bound plus, when
    every player carries a pod, one crossing per two odd-sized pods."""
    bound = score_lower_bound(players)
    if players and all(p.pod is not None for p in players):
        sizes: dict[int, int] = {}
        for pod in (p.pod for p in players if p.pod is not None):
            sizes[pod] = sizes.get(pod, 0) + 1
        bound += weights.cross_pod * (sum(size % 2 for size in sizes.values()) // 2)
    return bound


def _relaxed(part: list[Candidate], leave: Callable[[Candidate], int]) -> int:
    """Least cost of pairing ``part`` without rematches where any player may instead
    leave the part at ``leave(player)``: the leaving costs minus the largest saving
    of a matching whose pairs save ``leave(a) + leave(b) - (a.score - b.score)^2``."""
    exits = [leave(p) for p in part]
    edges = []
    for i, a in enumerate(part):
        for j in range(i + 1, len(part)):
            b = part[j]
            saving = exits[i] + exits[j] - (a.score - b.score) ** 2
            if saving > 0 and not is_rematch(a, b):
                edges.append((i, j, saving))
    return sum(exits) - max_saving(len(part), edges)


def split_bound(players: list[Candidate], part: int = SPLIT_PART) -> int:
    """The split bound on the squared score gaps of any rematch-free perfect pairing
    (at least the parity bound), with the top and bottom parts of up to ``part``
    players each, cut at score-level boundaries."""
    levels = sorted({p.score for p in players}, reverse=True)
    if len(levels) < 2:
        return 0
    at: dict[int, list[Candidate]] = {s: [] for s in levels}
    for p in players:
        at[p.score].append(p)
    above, seen = [], 0
    for s in levels:
        seen += len(at[s])
        above.append(seen)
    n = len(players)
    # top part: levels 0..k (owns the boundaries 0..k); bottom: levels j.. (owns j-1..)
    k = max((i for i in range(len(levels) - 1) if above[i] <= part), default=-1)
    j = min((i for i in range(1, len(levels)) if n - above[i - 1] <= part),
            default=len(levels))
    j = max(j, k + 2)
    bound = 0
    if k >= 0:
        below = levels[k + 1]
        bound += _relaxed([p for s in levels[:k + 1] for p in at[s]],
                          lambda p: (p.score - below) ** 2)
    if j < len(levels):
        over = levels[j - 1]
        bound += _relaxed([p for s in levels[j:] for p in at[s]],
                          lambda p: (over - p.score) ** 2)
    for i, (upper, lower) in enumerate(pairwise(levels)):
        if k < i < j - 1 and above[i] % 2:
            bound += (upper - lower) ** 2
    return max(bound, score_lower_bound(players))

