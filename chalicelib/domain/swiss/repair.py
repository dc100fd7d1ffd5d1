"""Local exact repair of a fast pairing that missed the lower bound: the score levels
around each rematch or over-crossed gap are re-paired exactly (in windows closed under
the current pairs, so the rest stays valid). The cost never increases."""
from __future__ import annotations

from .cost import Candidate, Weights, is_rematch, score_lower_bound, total_cost
from .draws import Rng
from .exact import exact_pairs, sparse_pairs

Pair = tuple[Candidate, Candidate]


def _bad_levels(pairs: list[Pair], level_of: dict[int, int], counts: list[int]) -> set[int]:
    crossings = [0] * (len(counts) + 1)
    bad: set[int] = set()
    for a, b in pairs:
        i, j = sorted((level_of[a.score], level_of[b.score]))
        crossings[i] += 1
        crossings[j] -= 1
        if is_rematch(a, b) or j - i > 1:
            bad.update(range(i, j + 1))
    running = above = 0
    for k in range(len(counts) - 1):
        running += crossings[k]
        above += counts[k]
        if running > above % 2:
            bad.update((k, k + 1))
    return bad


def _windows(bad: set[int], pairs: list[Pair], level_of: dict[int, int],
             levels: int, margin: int) -> list[tuple[int, int]]:
    spans = [tuple(sorted((level_of[a.score], level_of[b.score]))) for a, b in pairs]
    ranges: list[list[int]] = []
    for k in sorted(bad):
        lo, hi = max(0, k - margin), min(levels - 1, k + margin)
        if ranges and lo <= ranges[-1][1] + 1:
            ranges[-1][1] = max(ranges[-1][1], hi)
        else:
            ranges.append([lo, hi])
    changed = True
    while changed:  # close every window under the pairs that straddle its edges
        changed = False
        for r in ranges:
            for i, j in spans:
                if i <= r[1] and j >= r[0] and (i < r[0] or j > r[1]):
                    r[0], r[1] = min(r[0], i), max(r[1], j)
                    changed = True
        ranges.sort()
        merged: list[list[int]] = []
        for r in ranges:
            if merged and r[0] <= merged[-1][1] + 1:
                merged[-1][1] = max(merged[-1][1], r[1])
            else:
                merged.append(r)
        ranges = merged
    return [(lo, hi) for lo, hi in ranges]


def pairing_lower_bound(players: list[Candidate], weights: Weights) -> int:
    """No perfect pairing of ``players`` costs less: the score parity bound plus, when
    every player carries a pod, one crossing per two odd-sized pods."""
    bound = score_lower_bound(players)
    if players and all(p.pod is not None for p in players):
        sizes: dict[int, int] = {}
        for p in players:
            sizes[p.pod] = sizes.get(p.pod, 0) + 1  # type: ignore[index]
        bound += weights.cross_pod * (sum(size % 2 for size in sizes.values()) // 2)
    return bound


def _candidate_edges(old: list[Pair], rng: Rng, per_player: int) -> set[tuple[str, str]]:
    """The current pairs (so a perfect pairing exists) plus, for every player, a few
    random non-rematch partners from its own and the neighbouring score levels."""
    edges = {(a.id, b.id) for a, b in old}
    players = [p for pair in old for p in pair]
    scores = sorted({p.score for p in players})
    at: dict[int, list[Candidate]] = {s: [] for s in scores}
    for p in players:
        at[p.score].append(p)
    for k, s in enumerate(scores):
        near = [q for t in scores[max(0, k - 1): k + 2] for q in at[t]]
        for p in at[s]:
            for q in rng.sample(near, min(per_player, len(near))):
                if q.id != p.id and not is_rematch(p, q):
                    edges.add((p.id, q.id))
    return edges


def solve_window(old: list[Pair], weights: Weights, rng: Rng,
                 window_limit: int) -> list[Pair]:
    """The least-cost re-pairing of the players of ``old``, always exact: up to
    ``window_limit`` players on the complete graph; wider windows first on a sparse
    candidate graph, kept only when it reaches the lower bound (then no pairing can be
    cheaper), otherwise on the complete graph."""
    players = [p for pair in old for p in pair]
    if len(players) > window_limit:
        got = sparse_pairs(players, _candidate_edges(old, rng, 12), weights, rng)
        if total_cost(got, weights) <= pairing_lower_bound(players, weights):
            return got
    return exact_pairs(players, weights, rng)


def repair(pairs: list[Pair], weights: Weights, rng: Rng,
           window_limit: int = 120) -> list[Pair]:
    """Windows start one level either side of the trouble and double their margin
    whenever a pass finds nothing better, up to the whole field. Every window is solved
    exactly (``solve_window``), so the result is either certified by the lower bound
    (no troubled level left) or an exact pairing of the whole field."""
    scores = sorted({p.score for pair in pairs for p in pair}, reverse=True)
    level_of = {s: k for k, s in enumerate(scores)}
    counts = [0] * len(scores)
    for a, b in pairs:
        counts[level_of[a.score]] += 1
        counts[level_of[b.score]] += 1
    pairs = list(pairs)
    margin = 1
    while True:
        bad = _bad_levels(pairs, level_of, counts)
        if not bad:
            break
        improved = False
        for lo, hi in _windows(bad, pairs, level_of, len(scores), margin):
            inside = [k for k, (a, b) in enumerate(pairs)
                      if lo <= level_of[a.score] <= hi]
            whole = len(inside) == len(pairs)
            old = [pairs[k] for k in inside]
            new = solve_window(old, weights, rng, window_limit)
            if total_cost(new, weights) < total_cost(old, weights):
                for k, pair in zip(inside, new, strict=True):
                    pairs[k] = pair
                improved = True
            if whole:
                return pairs          # the whole field, solved exactly: nothing left to gain
        if not improved:
            margin *= 2
    return pairs
