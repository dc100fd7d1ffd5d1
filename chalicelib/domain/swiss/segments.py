"""The segment bound: a lower bound on a Swiss round's squared score gaps that also sees
into the middle score groups, where the split bound (``bounds``) keeps only parity."""
from __future__ import annotations

from itertools import pairwise

from .bounds import SPLIT_PART, split_bound
from .cost import Candidate, is_rematch
from .exact import max_saving

PARITY_PART = 96          # segments this small are solved with the parity of their exits


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
        if len(part_players) > PARITY_PART:
            twice += _relaxed2(part_players, [min(c for c in pair if c is not None)
                                              for pair in zip(ups, downs, strict=True)])
            continue
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


def _relaxed2(part: list[Candidate], exits: list[int]) -> int:
    """``_relaxed`` in doubled costs, each player's exit given."""
    edges = []
    for i, a in enumerate(part):
        for j in range(i + 1, len(part)):
            b = part[j]
            saving = exits[i] + exits[j] - 2 * (a.score - b.score) ** 2
            if saving > 0 and not is_rematch(a, b):
                edges.append((i, j, saving))
    return sum(exits) - max_saving(len(part), edges)


def _with_parity2(part: list[Candidate], ups: list[int | None], downs: list[int | None],
                  parity: int) -> int | None:
    """Twice the least cost of pairing ``part`` without rematches where each player may
    instead leave up (``ups``) or down (``downs``; None: no way out there), with the
    number leaving up of the given ``parity`` (None: impossible). A perfect matching:
    each player has an up twin and a down twin; leaving is matching one's own twin, and
    the twins left over pair among their kind (one spare twin per kind sets the parity)."""
    import rustworkx as rx
    m = len(part)
    edges: list[tuple[int, int, int]] = []
    for i, a in enumerate(part):
        for j in range(i + 1, m):
            if not is_rematch(a, part[j]):
                edges.append((i, j, 2 * (a.score - part[j].score) ** 2))
        if ups[i] is not None:
            edges.append((i, m + i, ups[i]))     # type: ignore[arg-type]
        if downs[i] is not None:
            edges.append((i, 2 * m + i, downs[i]))   # type: ignore[arg-type]
    spares: list[int] = []
    for kind, spare in ((1, (m - parity) % 2), (2, parity % 2)):
        twins = [kind * m + i for i in range(m)] + ([3 * m + len(spares)] if spare else [])
        spares += [1] if spare else []
        edges += [(a, b, 0) for k, a in enumerate(twins) for b in twins[k + 1:]]
    nodes = 3 * m + len(spares)
    top = max((c for _, _, c in edges), default=0) + 1
    graph = rx.PyGraph(multigraph=True)
    graph.add_nodes_from(range(nodes))
    graph.add_edges_from([(a, b, top - c) for a, b, c in edges])
    matched = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    if 2 * len(matched) != nodes:
        return None
    cost = {(a, b): c for a, b, c in edges}
    return sum(cost.get((a, b), cost.get((b, a), 0)) for a, b in matched)
