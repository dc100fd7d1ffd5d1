"""The segment bound: a lower bound on a Swiss round's squared score gaps that also sees
into the middle score groups, where the split bound (``bounds``) keeps only parity."""
from __future__ import annotations

from itertools import pairwise

from .bounds import SPLIT_PART, split_bound
from .cost import Candidate


def _exit2(gap: int, reach: int, shared: bool) -> int:
    """Twice the least a player ``reach`` below (or above) its segment's edge pays to
    pair across the boundary of ``gap`` there: the whole ``(reach + gap)^2`` when the
    other side is charged by parity, ``reach^2 + reach * gap + gap^2 / 2`` when the
    other side is a segment charging the same for its own players (the two exits of a
    pair then never add up to more than it costs: ``(x + y + z)^2`` holds them)."""
    if shared:
        return 2 * reach * reach + 2 * reach * gap + gap * gap
    return 2 * (reach + gap) ** 2


def segment_bound(players: list[Candidate], part: int = SPLIT_PART) -> int:
    """A lower bound on the squared score gaps of any rematch-free perfect pairing that
    also sees into the middle score groups: every run of levels of at most ``part``
    players each is cut into segments of at most ``part`` players, each solved as a
    matching in which a player may leave its segment up or down (``_exit2``); the
    boundaries between larger levels keep the parity bound. At least ``split_bound``."""
    levels = sorted({p.score for p in players}, reverse=True)
    if len(levels) < 2:
        return 0
    at: dict[int, list[Candidate]] = {s: [] for s in levels}
    for p in players:
        at[p.score].append(p)
    segment_of: list[int] = []           # per level: its segment, -1 for a parity level
    segments: list[list[int]] = []
    size = 0
    for i, s in enumerate(levels):
        if len(at[s]) > part:
            segment_of.append(-1)
            size = part + 1
            continue
        if size + len(at[s]) > part or not segments or segment_of[i - 1] == -1:
            segments.append([])
            size = 0
        segments[-1].append(i)
        segment_of.append(len(segments) - 1)
        size += len(at[s])
    above_of, seen = [], 0            # per level: the players above it
    for s in levels:
        above_of.append(seen)
        seen += len(at[s])
    twice = 0
    for members in segments:
        lo, hi = members[0], members[-1]
        up = lo > 0
        down = hi < len(levels) - 1
        if not (up or down):
            continue
        part_players = [p for i in members for p in at[levels[i]]]

        shared_up = up and segment_of[lo - 1] != -1
        shared_down = down and segment_of[hi + 1] != -1
        gap_up = levels[lo - 1] - levels[lo] if up else 0
        gap_down = levels[hi] - levels[hi + 1] if down else 0
        ups = [_exit2(gap_up, levels[lo] - p.score, shared_up) if up else None
               for p in part_players]
        downs = [_exit2(gap_down, p.score - levels[hi], shared_down) if down else None
                 for p in part_players]
        # a pair passing over the whole segment: its spans here, charged once (halved
        # where a segment next door charges the same boundary)
        passing = 2 * (levels[lo] - levels[hi]) ** 2 + \
            (gap_up ** 2 if shared_up else 2 * gap_up ** 2) + \
            (gap_down ** 2 if shared_down else 2 * gap_down ** 2)
        parity = above_of[lo] % 2      # pairs crossing the boundary above: that parity
        options = [_with_parity2(part_players, ups, downs, parity)]
        if up and down:
            options.append(_with_parity2(part_players, ups, downs, 1 - parity))
            options[-1] = None if options[-1] is None else options[-1] + passing
        twice += min(o for o in options if o is not None)
    above = 0
    for i, (upper, lower) in enumerate(pairwise(levels)):
        above += len(at[upper])
        if segment_of[i] == -1 and segment_of[i + 1] == -1 and above % 2:
            twice += 2 * (upper - lower) ** 2
    return max((twice + 1) // 2, split_bound(players, part))


def _with_parity2(part: list[Candidate], ups: list[int | None], downs: list[int | None],
                  parity: int) -> int | None:
    """Twice the least cost of pairing ``part`` without rematches where each player may
    instead leave up (``ups``) or down (``downs``; None: no way out there), with the
    number leaving up of the given ``parity`` (None: impossible).

    A perfect matching on the players and at most two spare nodes: two players joined
    either pair (no rematch) or both leave the same way, whichever costs less, so pairs
    of leavers keep each way's count even; the odd one out of a way leaves through its
    spare, present when that way's count must be odd (``parity`` up, the rest down).
    Every assignment of the wanted parity is such a matching and back, at no more cost:
    O(m) nodes, where one twin per way and player needed cliques of zero-cost twins."""
    import numpy as np
    import rustworkx as rx
    m = len(part)
    never = np.inf
    score = np.fromiter((p.score for p in part), dtype=np.float64, count=m)
    up = np.array([never if c is None else c for c in ups], dtype=np.float64)
    down = np.array([never if c is None else c for c in downs], dtype=np.float64)
    cost = 2 * (score[:, None] - score[None, :]) ** 2
    index = {p.id: k for k, p in enumerate(part)}
    for i, p in enumerate(part):
        for opponent in p.opponents:
            j = index.get(opponent)
            if j is not None:
                cost[i, j] = cost[j, i] = never
    cost = np.minimum(cost, np.minimum(up[:, None] + up[None, :],
                                       down[:, None] + down[None, :]))
    spares = [way for way, odd in ((up, parity % 2), (down, (m - parity) % 2)) if odd]
    nodes = m + len(spares)
    full = np.full((nodes, nodes), never)
    full[:m, :m] = cost
    for k, way in enumerate(spares):      # the two spares never meet: that breaks parity
        full[:m, m + k] = way
    upper = np.triu(np.isfinite(full), 1)
    if not upper.any():
        return None if nodes else 0
    top = float(full[upper].max())
    # maximum weight among maximum-cardinality matchings = least cost among perfect ones
    graph = rx.PyGraph.from_adjacency_matrix(np.where(upper, top + 1 - full, 0.0),
                                             null_value=0.0)
    matched = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    if 2 * len(matched) != nodes:
        return None
    return int(sum(full[min(a, b), max(a, b)] for a, b in matched))
