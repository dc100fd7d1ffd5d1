"""Pairing one Swiss round: the minimum-cost perfect pairing (see ``cost``: rematches
first, then pod crossings, then squared score gaps) of the players left after the bye,
exact for small pools, score brackets (or pod by pod) with exact repair for large ones.
Drafting pods are a soft constraint: a pod is left rather than a rematch played."""
from __future__ import annotations

from dataclasses import dataclass, replace

from .brackets import bracket_pairs
from .cost import Candidate, Quality, Weights, is_rematch, quality, total_cost
from .draws import Rng
from .exact import exact_pairs
from .repair import pairing_lower_bound, repair

Pair = tuple[Candidate, Candidate]
EXACT_LIMIT = 64
WINDOW_LIMIT = 120
_SPARE_TRIES = 6


@dataclass(frozen=True)
class Pairing:
    pairs: list[Pair]          # table order, better-ranked player first
    quality: Quality
    method: str                # "exact", "brackets"/"pods" (proved optimal) or "...+repair"


def solve(players: list[Candidate], rng: Rng, exact_limit: int = EXACT_LIMIT,
          window_limit: int = WINDOW_LIMIT) -> tuple[list[Pair], str]:
    """Least-cost perfect pairing of ``players`` (even count)."""
    if not players:
        return [], "exact"
    weights = Weights.for_players(players)
    if len(players) <= exact_limit:
        return exact_pairs(players, weights, rng), "exact"
    with_pods = any(p.pod is not None for p in players)
    if with_pods:
        pairs, name = _pod_by_pod(players, rng, exact_limit, window_limit), "pods"
    else:
        pairs, name = bracket_pairs(players, rng), "brackets"
    if total_cost(pairs, weights) <= pairing_lower_bound(players, weights):
        return pairs, name            # reaches the lower bound: provably optimal
    if len(players) <= 2 * exact_limit:     # one exact solve beats repairing in windows
        return exact_pairs(players, weights, rng), "exact"
    return repair(pairs, weights, rng, window_limit), f"{name}+repair"


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
                got, _ = solve(rest, rng, exact_limit, window_limit)
                clean = not any(is_rematch(a, b) for a, b in got)
                if chosen is None or clean:
                    chosen = (got, spare)
                    if clean:
                        break
        else:
            chosen = (solve(members, rng, exact_limit, window_limit)[0], None)
        assert chosen is not None
        pairs.extend(chosen[0])
        if chosen[1] is not None:
            spares.append(chosen[1])
    pairs.extend(solve(spares, rng, exact_limit, window_limit)[0])
    return [(by_id[a.id], by_id[b.id]) for a, b in pairs]


def pair_round(players: list[Candidate], rng: Rng, exact_limit: int = EXACT_LIMIT,
               window_limit: int = WINDOW_LIMIT) -> Pairing:
    """Pair ``players`` (even count; the bye is already removed)."""
    if len(players) % 2:
        raise ValueError("pair_round needs an even number of players")
    raw, method = solve(players, rng, exact_limit, window_limit)
    pairs = [tuple(sorted((a, b), key=lambda p: p.rank)) for a, b in raw]
    pairs.sort(key=lambda ab: (-max(ab[0].score, ab[1].score),
                               -min(ab[0].score, ab[1].score), ab[0].rank))
    return Pairing(pairs=pairs, quality=quality(pairs), method=method)  # type: ignore[arg-type]
