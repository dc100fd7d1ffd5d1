"""Who sits out: with an odd number of players one bye per round; round 1 at random,
later the lowest-ranked player without a bye (standings break ties with the seeded
coin). Nobody gets a second bye unless everyone left has had one."""
from __future__ import annotations

from .draws import Rng


def choose_bye(ranked: list[str], byes: dict[str, int], first_round: bool,
               rng: Rng, pods: dict[str, int] | None = None) -> str | None:
    """``ranked``: the players to pair, best first. Only players with the fewest byes
    in the whole field are eligible (no avoidable second bye); with pods, among them a
    member of an odd-sized pod is preferred so that pods stay whole, and when no
    odd-pod member is eligible the bye goes to another pod (the pairing then crosses
    pods for one player)."""
    if len(ranked) % 2 == 0:
        return None
    fewest = min(byes.get(p, 0) for p in ranked)
    pool = [p for p in ranked if byes.get(p, 0) == fewest]
    if pods:
        sizes: dict[int, int] = {}
        for p in ranked:
            sizes[pods[p]] = sizes.get(pods[p], 0) + 1
        pool = [p for p in pool if sizes[pods[p]] % 2] or pool
    if first_round:
        return rng.choice(sorted(pool))
    return pool[-1]
