"""Fast Swiss pairing: score brackets top-down. Each bracket's players (plus the
floaters coming down from above) are paired at random among themselves without
rematches; when a bracket is odd its lowest-ranked player who can be spared floats
down to the next bracket. Runs in about linear time; when the result reaches the score
lower bound with no rematch it is provably optimal, otherwise ``repair`` improves it."""
from __future__ import annotations

from .cost import Candidate, is_rematch
from .draws import Rng

Pair = tuple[Candidate, Candidate]
_SPARE_TRIES = 6


def _greedy(pool: list[Candidate], rng: Rng) -> tuple[list[Pair], list[Candidate]]:
    """Random rematch-free pairs inside ``pool``; returns (pairs, unpaired)."""
    stack = list(pool)
    rng.shuffle(stack)
    pairs: list[Pair] = []
    unpaired: list[Candidate] = []
    while stack:
        p = stack.pop()
        for k in range(len(stack) - 1, -1, -1):
            if not is_rematch(p, stack[k]):
                q = stack.pop(k)
                pairs.append((p, q))
                break
        else:
            unpaired.append(p)
    _augment(pairs, unpaired, rng)
    return pairs, unpaired


def _augment(pairs: list[Pair], unpaired: list[Candidate], rng: Rng) -> None:
    """Fit unpaired players in by splitting an existing pair (a, b) into (u, a), (v, b)."""
    while len(unpaired) >= 2:
        u = unpaired.pop()
        placed = False
        for vi in range(len(unpaired)):
            v = unpaired[vi]
            if not is_rematch(u, v):
                pairs.append((u, v))
                unpaired.pop(vi)
                placed = True
                break
            start = rng.randrange(len(pairs)) if pairs else 0
            for step in range(len(pairs)):
                k = (start + step) % len(pairs)
                a, b = pairs[k]
                if not is_rematch(u, a) and not is_rematch(v, b):
                    pairs[k] = (a, u)
                    pairs.append((b, v))
                elif not is_rematch(u, b) and not is_rematch(v, a):
                    pairs[k] = (b, u)
                    pairs.append((a, v))
                else:
                    continue
                unpaired.pop(vi)
                placed = True
                break
            if placed:
                break
        if not placed:
            unpaired.insert(0, u)
            return


def _pair_floaters(floaters: list[Candidate], level: list[Candidate],
                   rng: Rng) -> tuple[list[Pair], list[Candidate], list[Candidate]]:
    """Each floater meets a random player of the bracket it lands in (no rematch)."""
    rest = list(level)
    rng.shuffle(rest)
    pairs: list[Pair] = []
    stuck: list[Candidate] = []
    for f in floaters:
        for k in range(len(rest) - 1, -1, -1):
            if not is_rematch(f, rest[k]):
                pairs.append((f, rest.pop(k)))
                break
        else:
            stuck.append(f)
    return pairs, rest, stuck


def bracket_pairs(players: list[Candidate], rng: Rng) -> list[Pair]:
    """A perfect pairing of ``players`` (even count), bracket by bracket."""
    ordered = sorted(players, key=lambda p: (-p.score, p.rank))
    levels: list[list[Candidate]] = []
    for p in ordered:
        if levels and levels[-1][0].score == p.score:
            levels[-1].append(p)
        else:
            levels.append([p])
    pairs: list[Pair] = []
    floaters: list[Candidate] = []
    for index, level in enumerate(levels):
        last = index == len(levels) - 1
        got, rest, stuck = _pair_floaters(floaters, level, rng)
        pairs.extend(got)
        floaters = list(stuck)
        if len(rest) % 2 and not last:
            best: tuple[list[Pair], list[Candidate]] | None = None
            by_rank = sorted(rest, key=lambda p: p.rank)
            for spare in reversed(by_rank[-_SPARE_TRIES:]):
                inner = [p for p in rest if p is not spare]
                got, unpaired = _greedy(inner, rng)
                if not unpaired:
                    best = (got, [spare])
                    break
                if best is None:
                    best = (got, [spare, *unpaired])
            assert best is not None
            pairs.extend(best[0])
            floaters.extend(best[1])
        else:
            got, unpaired = _greedy(rest, rng)
            pairs.extend(got)
            floaters.extend(unpaired)
    if floaters:
        # Only reachable when rematches are unavoidable inside the lowest brackets:
        # pair what is left in rank order; ``repair`` then searches for better.
        floaters.sort(key=lambda p: p.rank)
        pairs.extend(zip(floaters[0::2], floaters[1::2], strict=True))
    return pairs
