"""What a pairing costs: rematches first, then leaving a drafting pod, then squared
score differences. Every pairing strategy (exact or fast) minimises the same cost."""
from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from itertools import pairwise


@dataclass(frozen=True)
class Candidate:
    """A player to pair: ``rank`` is the standings position (0 = best) used to choose
    who floats down; ``opponents`` are everyone already played (a set, or a short tuple
    of distinct ids: pairing only asks who is in it)."""

    id: str
    score: int
    rank: int
    opponents: Collection[str] = field(default_factory=frozenset)
    pod: int | None = None


@dataclass(frozen=True)
class Weights:
    """Lexicographic weights: one rematch outweighs any number of pod crossings and
    score gaps, one pod crossing outweighs any total of squared score gaps."""

    rematch: int
    cross_pod: int

    @classmethod
    def for_players(cls, players: list[Candidate]) -> Weights:
        if not players:
            return cls(1, 1)
        scores = [p.score for p in players]
        widest = (max(scores) - min(scores)) ** 2
        pairs = len(players) // 2 + 1
        cross_pod = widest * pairs + 1
        return cls(rematch=(cross_pod + widest) * pairs + 1, cross_pod=cross_pod)


def is_rematch(a: Candidate, b: Candidate) -> bool:
    return b.id in a.opponents or a.id in b.opponents


def pair_cost(a: Candidate, b: Candidate, weights: Weights) -> int:
    cost = (a.score - b.score) ** 2
    if is_rematch(a, b):
        cost += weights.rematch
    if a.pod is not None and a.pod != b.pod:
        cost += weights.cross_pod
    return cost


@dataclass(frozen=True)
class Quality:
    rematches: int
    cross_pod: int
    squared_gap: int
    score_gap: int

    def as_dict(self) -> dict[str, int]:
        return {"rematches": self.rematches, "cross_pod": self.cross_pod,
                "squared_gap": self.squared_gap, "score_gap": self.score_gap}


def quality(pairs: Iterable[tuple[Candidate, Candidate]]) -> Quality:
    rematches = cross = squared = gap = 0
    for a, b in pairs:
        rematches += is_rematch(a, b)
        cross += a.pod is not None and a.pod != b.pod
        squared += (a.score - b.score) ** 2
        gap += abs(a.score - b.score)
    return Quality(rematches, cross, squared, gap)


def total_cost(pairs: Iterable[tuple[Candidate, Candidate]], weights: Weights) -> int:
    return sum(pair_cost(a, b, weights) for a, b in pairs)


def score_lower_bound(players: list[Candidate]) -> int:
    """No perfect matching has a smaller squared score gap: between two neighbouring
    score levels with an odd number of players above, some pair must cross, and a pair
    crossing several gaps costs at least the sum of their squares."""
    levels = sorted({p.score for p in players}, reverse=True)
    counts: dict[int, int] = {}
    for p in players:
        counts[p.score] = counts.get(p.score, 0) + 1
    bound = above = 0
    for upper, lower in pairwise(levels):
        above += counts[upper]
        if above % 2:
            bound += (upper - lower) ** 2
    return bound
