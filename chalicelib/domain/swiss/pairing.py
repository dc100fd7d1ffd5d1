"""Pairing one Swiss round: the minimum-cost perfect pairing (see ``cost``) of the
players left after the bye, exact for small pools, score brackets with exact repair for
large ones; within drafting pods when players carry a pod number."""
from __future__ import annotations

from dataclasses import dataclass, replace

from .brackets import bracket_pairs
from .cost import Candidate, Quality, Weights, is_rematch, quality, score_lower_bound
from .draws import Rng
from .exact import exact_pairs
from .repair import repair

Pair = tuple[Candidate, Candidate]
EXACT_LIMIT = 64
_SPARE_TRIES = 6


@dataclass(frozen=True)
class Pairing:
    pairs: list[Pair]          # table order, better-ranked player first
    quality: Quality
    method: str                # "exact", "brackets" (proved optimal) or "brackets+repair"


def solve(players: list[Candidate], rng: Rng,
          exact_limit: int = EXACT_LIMIT) -> tuple[list[Pair], str]:
    """Least-cost perfect pairing of ``players`` (even count, pods ignored)."""
    if not players:
        return [], "exact"
    weights = Weights.for_players(players)
    if len(players) <= exact_limit:
        return exact_pairs(players, weights, rng), "exact"
    pairs = bracket_pairs(players, rng)
    q = quality(pairs)
    if q.rematches == 0 and q.squared_gap == score_lower_bound(players):
        return pairs, "brackets"
    if len(players) <= 2 * exact_limit:     # one exact solve beats repairing in windows
        return exact_pairs(players, weights, rng), "exact"
    return repair(pairs, weights, rng), "brackets+repair"


def _solve_pods(players: list[Candidate], rng: Rng,
                exact_limit: int) -> tuple[list[Pair], str]:
    """Each pod pairs inside itself; an odd pod spares its lowest-ranked player whose
    absence leaves the pod rematch-free, and the spares pair across pods."""
    pods: dict[int, list[Candidate]] = {}
    for p in players:
        pods.setdefault(p.pod if p.pod is not None else -1, []).append(replace(p, pod=None))
    pairs: list[Pair] = []
    spares: list[Candidate] = []
    methods = set()
    for pod in sorted(pods):
        members = sorted(pods[pod], key=lambda p: p.rank)
        chosen: tuple[list[Pair], Candidate | None] | None = None
        if len(members) % 2:
            for spare in reversed(members[-_SPARE_TRIES:]):
                rest = [p for p in members if p is not spare]
                got, method = solve(rest, rng, exact_limit)
                if chosen is None or not any(is_rematch(a, b) for a, b in got):
                    chosen = (got, spare)
                    methods.add(method)
                    if not any(is_rematch(a, b) for a, b in got):
                        break
        else:
            got, method = solve(members, rng, exact_limit)
            chosen = (got, None)
            methods.add(method)
        assert chosen is not None
        pairs.extend(chosen[0])
        if chosen[1] is not None:
            spares.append(chosen[1])
    got, method = solve(spares, rng, exact_limit)
    pairs.extend(got)
    methods.add(method)
    return pairs, "+".join(sorted(methods))


def pair_round(players: list[Candidate], rng: Rng,
               exact_limit: int = EXACT_LIMIT) -> Pairing:
    """Pair ``players`` (even count; the bye is already removed)."""
    if len(players) % 2:
        raise ValueError("pair_round needs an even number of players")
    by_id = {p.id: p for p in players}
    if any(p.pod is not None for p in players):
        raw, method = _solve_pods(players, rng, exact_limit)
    else:
        raw, method = solve(players, rng, exact_limit)
    # Put the original candidates (with pods) back for the quality figures.
    pairs = [tuple(sorted((by_id[a.id], by_id[b.id]), key=lambda p: p.rank)) for a, b in raw]
    pairs.sort(key=lambda ab: (-max(ab[0].score, ab[1].score),
                               -min(ab[0].score, ab[1].score), ab[0].rank))
    return Pairing(pairs=pairs, quality=quality(pairs), method=method)  # type: ignore[arg-type]
