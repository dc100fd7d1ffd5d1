"""Local exact repair of a fast pairing that missed the lower bound: the score levels
around each rematch or over-crossed gap are re-paired exactly (in windows closed under
the current pairs, so the rest stays valid). The cost never increases.

The work is bounded: every solve hands the blossom solver some edges, and once the
``budget`` of edges is spent the repair stops with the best pairing found, as long as
it has no rematch and no more pod crossings than the bound allows (those are always
repaired, up to an exact solve of the whole field: an avoidable rematch is never
accepted). What is left then is only squared score gaps above the bound, which the
caller reports as the round's gap. The budget counts edges, not seconds, so the same
field always gets the same pairing."""
from __future__ import annotations

from .bounds import pairing_lower_bound
from .cost import Candidate, Weights, is_rematch, quality, score_lower_bound, total_cost
from .draws import Rng
from .exact import exact_pairs, sparse_pairs

Pair = tuple[Candidate, Candidate]
SMALL_GROUP = 24        # a score group this small offers every member as a partner


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
        # a small middle group pairs inside itself when it can: offer all of it, a
        # sample would likely miss the one partner who has not been played yet
        own = at[s] if len(at[s]) <= SMALL_GROUP else []
        for p in at[s]:
            for q in [*rng.sample(near, min(per_player, len(near))), *own]:
                if q.id != p.id and not is_rematch(p, q):
                    edges.add((p.id, q.id))
    return edges


def _structural(pairs: list[Pair], weights: Weights) -> int:
    """What rematches and pod crossings cost (all but the squared score gaps)."""
    return total_cost(pairs, weights) - quality(pairs).squared_gap


def solve_window(old: list[Pair], weights: Weights, rng: Rng, window_limit: int,
                 complete_limit: int | None = None) -> tuple[list[Pair], int, bool]:
    """A re-pairing of the players of ``old`` (never worse), the edges it took and
    whether it was solved on the complete graph:
    up to ``window_limit`` players exact on the complete graph; wider windows first on a
    sparse candidate graph, kept when it reaches the window's lower bound (then no
    pairing can be cheaper); otherwise solved on the complete graph when the window has
    at most ``complete_limit`` players (None: any) or when the sparse result still has
    a rematch or a pod crossing above the window's bound; else the sparse result."""
    players = [p for pair in old for p in pair]
    complete = len(players) * (len(players) - 1) // 2
    if len(players) <= window_limit:
        return exact_pairs(players, weights, rng), complete, True
    edges = _candidate_edges(old, rng, 12)
    got = sparse_pairs(players, edges, weights, rng)
    bound = pairing_lower_bound(players, weights)
    if total_cost(got, weights) <= bound:
        return got, len(edges), True          # certified: as good as the complete graph
    settled = _structural(got, weights) <= bound - score_lower_bound(players)
    if settled and complete_limit is not None and len(players) > complete_limit:
        return got, len(edges), False
    return exact_pairs(players, weights, rng), len(edges) + complete, True


def _settled(pairs: list[Pair], weights: Weights, essential: int) -> bool:
    """No rematch, and pod crossings down to their bound: only score gaps are left."""
    return _structural(pairs, weights) <= essential


def _sampled(inside: list[int], pairs: list[Pair], level_of: dict[int, int], rng: Rng,
             cap: int) -> list[int]:
    """``inside`` with at most ``cap`` of each level's pairs inside that level (drawn
    from ``rng``); every pair across levels is kept. A window stays closed under the
    current pairs, so any re-pairing of its players leaves the rest valid."""
    by_level: dict[int, list[int]] = {}
    kept = []
    for k in inside:
        a, b = pairs[k]
        if a.score == b.score:
            by_level.setdefault(level_of[a.score], []).append(k)
        else:
            kept.append(k)
    for level in sorted(by_level):
        same = by_level[level]
        kept += same if len(same) <= cap else rng.sample(same, cap)
    return sorted(kept)


def _edges_of(players: int, window_limit: int) -> int:
    """About the edges a window of ``players`` hands the solver."""
    return players * (players - 1) // 2 if players <= window_limit else 13 * players


def repair(pairs: list[Pair], weights: Weights, rng: Rng, window_limit: int = 120,
           target: int = 0, budget: int | None = None, essential: int = 0
           ) -> tuple[list[Pair], bool]:
    """Windows start one level either side of the trouble and double their margin
    whenever a pass finds nothing better, up to the whole field; every window is solved
    exactly (``solve_window``). Stops when the cost reaches ``target`` (a lower bound:
    optimal), when no troubled level is left, after an exact solve of the whole field,
    or once the next window would overrun ``budget`` edges with the pairing
    ``_settled`` (``essential``: the least pod-crossing cost any pairing has). Within a
    budget a window takes at most ``window_limit // 2`` pairs inside each score level
    (``_sampled``), so no solve grows with the field. Returns the pairs and whether
    they are an exact solve of the whole field."""
    scores = sorted({p.score for pair in pairs for p in pair}, reverse=True)
    level_of = {s: k for k, s in enumerate(scores)}
    counts = [0] * len(scores)
    for a, b in pairs:
        counts[level_of[a.score]] += 1
        counts[level_of[b.score]] += 1
    pairs = list(pairs)
    cost = total_cost(pairs, weights)
    spent, margin = 0, 1
    while cost > target:
        bad = _bad_levels(pairs, level_of, counts)
        if not bad:
            break
        improved = spanned = False
        for lo, hi in _windows(bad, pairs, level_of, len(scores), margin):
            settled = budget is not None and _settled(pairs, weights, essential)
            inside = [k for k, (a, b) in enumerate(pairs)
                      if lo <= level_of[a.score] <= hi]
            spanned = lo == 0 and hi == len(scores) - 1
            if settled:
                inside = _sampled(inside, pairs, level_of, rng, window_limit // 2)
                if spent + _edges_of(2 * len(inside), window_limit) > budget:  # type: ignore[operator]
                    return pairs, False
            whole = len(inside) == len(pairs)
            old = [pairs[k] for k in inside]
            limit = None if budget is None else 2 * window_limit
            new, used, exact = solve_window(old, weights, rng, window_limit, limit)
            spent += used
            gain = total_cost(old, weights) - total_cost(new, weights)
            if gain > 0:
                for k, pair in zip(inside, new, strict=True):
                    pairs[k] = pair
                cost -= gain
                improved = True
            if whole or cost <= target:
                return pairs, whole and exact
        if not improved:
            if spanned:             # sampled windows over every level found nothing
                return pairs, False
            margin *= 2
    return pairs, False
