"""Pairing one Swiss round: the minimum-cost perfect pairing (see ``cost``: rematches
first, then pod crossings, then squared score gaps) of the players left after the bye,
exact for small pools, score brackets (or pod by pod) with exact repair for large ones.
Drafting pods are a soft constraint: a pod is left rather than a rematch played.

Large rounds take bounded work: the fast pairing is kept when it reaches a lower bound
(``bounds``); otherwise it is repaired within a budget of solver work proportional to
the field, and when the budget runs out before the bound is reached the best pairing
found is returned with ``optimal`` false and its gap to the bound. Rematches and pod
crossings are never left to the budget (see ``repair``)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from .bounds import pairing_lower_bound, split_bound
from .brackets import bracket_pairs
from .cost import Candidate, Quality, Weights, is_rematch, quality, score_lower_bound, total_cost
from .draws import Rng
from .exact import exact_pairs
from .repair import repair
from .segments import segment_bound

Pair = tuple[Candidate, Candidate]
# Fields this small are solved exactly at once: one solve of 256 players costs 10-30 ms,
# less than a fast pairing that misses its bound followed by that solve (``bench swiss``
# holds the worst round at 256 within 1.2x one exact solve of its graph).
EXACT_LIMIT = 256
# A field the fast pairing leaves above its lower bound is solved exactly up to this many
# players per ``EXACT_LIMIT`` (one solve of 512, graph built in bulk: ~0.1-0.2 s, what
# the worst repaired round of a larger field costs anyway).
FALLBACK_FACTOR = 2
# A round that repair leaves above the middle groups' bound (1 in 180 at 1,024 players in
# ``bench swiss`` at 1.5.0, none of 720 from 2,048 on) is solved exactly up to this many players
# per ``EXACT_LIMIT``: one solve of 1,024 costs ~1 s of CPU, paid only by that rare round.
LAST_RESORT_FACTOR = 4
WINDOW_LIMIT = 120
# Repair budget, in edges handed to the blossom solver (deterministic, unlike a clock:
# the same field always gets the same pairing). The solver's time grows with its edges
# (and more than linearly with a window's players); ``bench swiss`` checks the worst
# rounds stay within their targets.
BUDGET_BASE = 20_000
BUDGET_PER_PLAYER = 8
_SPARE_TRIES = 6


@dataclass(frozen=True)
class Pairing:
    pairs: list[Pair]          # table order, better-ranked player first
    quality: Quality
    method: str                # "exact", "brackets"/"pods" (reached a bound) or "...+repair"
    bound: int                 # no pairing has a smaller squared gap (with as few
                               # rematches and pod crossings): the proven lower bound
    optimal: bool              # proven optimal (then ``bound`` is its squared gap)

    @property
    def gap(self) -> int:
        """How far the squared score gap may be above the optimum (0 when optimal)."""
        return 0 if self.optimal else self.quality.squared_gap - self.bound


@dataclass(frozen=True)
class Solved:
    pairs: list[Pair]
    method: str
    bound: int | None = None   # None: proven optimal


def budget_for(players: int) -> int:
    return BUDGET_BASE + BUDGET_PER_PLAYER * players


def solve(players: list[Candidate], rng: Rng, exact_limit: int = EXACT_LIMIT,
          window_limit: int = WINDOW_LIMIT) -> Solved:
    """A least-cost perfect pairing of ``players`` (even count), or the best one found
    within the budget with the lower bound it was measured against."""
    if not players:
        return Solved([], "exact")
    weights = Weights.for_players(players)
    if len(players) <= exact_limit:
        return Solved(exact_pairs(players, weights, rng), "exact")
    with_pods = any(p.pod is not None for p in players)
    if with_pods:
        pairs, name = _pod_by_pod(players, rng, exact_limit, window_limit), "pods"
    else:
        pairs, name = bracket_pairs(players, rng), "brackets"
    bound = pairing_lower_bound(players, weights)
    cost = total_cost(pairs, weights)
    if cost <= bound:
        return Solved(pairs, name)            # reaches the lower bound: provably optimal
    if len(players) <= FALLBACK_FACTOR * exact_limit:    # one exact solve fits the budget
        return Solved(exact_pairs(players, weights, rng), "exact")
    essential = bound - score_lower_bound(players)      # the pods' part of the bound
    target = essential + split_bound(players)
    if cost <= target:
        return Solved(pairs, name)
    pairs, exact = repair(pairs, weights, rng, window_limit, target,
                          budget_for(len(players)), essential)
    if exact or total_cost(pairs, weights) <= target:
        return Solved(pairs, f"{name}+repair")
    # the middle score groups: a bound that solves them too, then repair towards it
    target = essential + segment_bound(players)
    if total_cost(pairs, weights) > target:
        pairs, exact = repair(pairs, weights, rng, window_limit, target,
                              budget_for(len(players)), essential)
    proven = exact or total_cost(pairs, weights) <= target
    if not proven and len(players) <= LAST_RESORT_FACTOR * exact_limit:
        return Solved(exact_pairs(players, weights, rng), "exact")
    return Solved(pairs, f"{name}+repair", None if proven else target - essential)


def _pod_by_pod(players: list[Candidate], rng: Rng, exact_limit: int,
                window_limit: int) -> list[Pair]:
    """A starting pairing for a large podded field: each pod pairs inside itself; an
    odd pod spares its lowest-ranked player whose absence leaves the pod rematch-free,
    and the spares pair across pods."""
    by_id = {p.id: p for p in players}
    pods: dict[int, list[Candidate]] = {}
    for p in players:
        pods.setdefault(p.pod if p.pod is not None else -1, []).append(replace(p, pod=None))
    pairs: list[Pair] = []
    spares: list[Candidate] = []
    for pod in sorted(pods):
        members = sorted(pods[pod], key=lambda p: p.rank)
        chosen: tuple[list[Pair], Candidate | None] | None = None
        if len(members) % 2:
            for spare in reversed(members[-_SPARE_TRIES:]):
                rest = [p for p in members if p is not spare]
                got = solve(rest, rng, exact_limit, window_limit).pairs
                clean = not any(is_rematch(a, b) for a, b in got)
                if chosen is None or clean:
                    chosen = (got, spare)
                    if clean:
                        break
        else:
            chosen = (solve(members, rng, exact_limit, window_limit).pairs, None)
        assert chosen is not None
        pairs.extend(chosen[0])
        if chosen[1] is not None:
            spares.append(chosen[1])
    pairs.extend(solve(spares, rng, exact_limit, window_limit).pairs)
    return [(by_id[a.id], by_id[b.id]) for a, b in pairs]


def pair_round(players: list[Candidate], rng: Rng, exact_limit: int = EXACT_LIMIT,
               window_limit: int = WINDOW_LIMIT) -> Pairing:
    """Pair ``players`` (even count; the bye is already removed)."""
    if len(players) % 2:
        raise ValueError("pair_round needs an even number of players")
    solved = solve(players, rng, exact_limit, window_limit)
    pairs = [tuple(sorted((a, b), key=lambda p: p.rank)) for a, b in solved.pairs]
    pairs.sort(key=lambda ab: (-max(ab[0].score, ab[1].score),
                               -min(ab[0].score, ab[1].score), ab[0].rank))
    got = quality(pairs)  # type: ignore[arg-type]
    optimal = solved.bound is None
    return Pairing(pairs=pairs, quality=got, method=solved.method,  # type: ignore[arg-type]
                   bound=got.squared_gap if solved.bound is None else solved.bound,
                   optimal=optimal)
