"""Single-elimination top cut: seed 1 meets the last seed, 2 the second-last and so on,
placed so the top seeds meet as late as possible; winners advance without reseeding."""
from __future__ import annotations

from .state import Match


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order, e.g. 8 -> [1, 8, 4, 5, 2, 7, 3, 6]."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def build(seeds: list[str]) -> tuple[tuple[Match, ...], ...]:
    size = len(seeds)
    order = bracket_order(size)
    first = tuple(Match(f"C1-{k + 1}", 1, k + 1, seeds[order[2 * k] - 1],
                        seeds[order[2 * k + 1] - 1]) for k in range(size // 2))
    rounds = [first]
    while len(rounds[-1]) > 1:
        r = len(rounds) + 1
        rounds.append(tuple(Match(f"C{r}-{k + 1}", r, k + 1, None, None)
                            for k in range(len(rounds[-1]) // 2)))
    return tuple(rounds)


def next_slot(round_no: int, index: int, rounds: int) -> tuple[str, str] | None:
    """Where the winner of cut match (round_no, index) goes: (match id, "a"|"b")."""
    if round_no >= rounds:
        return None
    return f"C{round_no + 1}-{(index + 1) // 2}", "a" if index % 2 else "b"
