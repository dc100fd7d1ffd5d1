"""Table sizes and sit-out schedules (V:EKN 3.1.2)."""
from __future__ import annotations

from functools import lru_cache

from ..errors import Invalid

# Player counts that cannot be split into tables of four and five.
UNSEATABLE = frozenset({1, 2, 3, 6, 7, 11})


def seatable(count: int) -> bool:
    return count >= 4 and count not in UNSEATABLE


def table_sizes(count: int) -> list[int]:
    """Tables of five and four, as many fives as possible, fives first."""
    if not seatable(count):
        raise Invalid(f"{count} players cannot be split into tables of four and five",
                      {"players": count}, code="unseatable")
    fours = (-count) % 5  # 4 = -1 (mod 5): each table of four fixes one remainder unit
    fives = (count - 4 * fours) // 5
    return [5] * fives + [4] * fours


@lru_cache(maxsize=256)
def sit_out_plan(count: int, rounds: int) -> tuple[int, ...]:
    """How many of ``count`` players play in each of ``rounds`` rounds.

    A seatable count plays in full every round. For 6, 7 and 11 players some sit out
    each round while every player plays the same number of games, ``rounds - 1`` when
    possible (fewer otherwise), the rounds as even as possible; when no such plan
    exists each round seats as many players as it can (sit-outs then go to whoever
    has played most)."""
    if seatable(count):
        return (count,) * rounds
    if count < 4:
        raise Invalid(f"{count} players cannot be seated: a table needs at least four",
                      {"players": count}, code="unseatable")
    plan = equal_games_plan(count, rounds)
    if plan is not None:
        return plan
    return (max(p for p in range(4, count) if seatable(p)),) * rounds


@lru_cache(maxsize=256)
def equal_games_plan(count: int, rounds: int) -> tuple[int, ...] | None:
    """The plan of ``sit_out_plan`` when every player can play the same number of games
    in ``rounds`` rounds (always for a seatable count), else None: e.g. 7 players in 4
    rounds (3.1.6's extra round after 3) cannot all play equally often."""
    if count < 4:
        return None
    if seatable(count):
        return (count,) * rounds
    sizes = tuple(p for p in range(4, count) if seatable(p))
    for games in range(rounds - 1, 0, -1):
        plan = _even_split(count * games, rounds, sizes)
        if plan is not None:
            return plan
    return None


def equal_games_rounds(count: int, most: int = 12) -> list[int]:
    """Round counts (1..``most``) in which ``count`` players all play equally often."""
    return [r for r in range(1, most + 1) if equal_games_plan(count, r) is not None]


def _even_split(total: int, rounds: int, sizes: tuple[int, ...]) -> tuple[int, ...] | None:
    """Non-increasing tuple of ``rounds`` sizes summing to ``total`` with the smallest
    spread (largest rounds first), or None."""
    best: tuple[int, ...] | None = None

    def walk(prefix: list[int], left: int, slots: int) -> None:
        nonlocal best
        if slots == 0:
            if left == 0:
                cand = tuple(prefix)
                if best is None or (cand[0] - cand[-1], cand) < (best[0] - best[-1], best):
                    best = cand
            return
        cap = prefix[-1] if prefix else max(sizes)
        for size in sorted((s for s in sizes if s <= cap), reverse=True):
            if size * slots < left:
                break
            if size + min(sizes) * (slots - 1) > left:
                continue
            walk(prefix + [size], left - size, slots - 1)

    walk([], total, rounds)
    return best


def round_size(count: int, rounds: int, round_number: int) -> int:
    """Players seated in round ``round_number`` (1-based) of a plan of ``rounds``."""
    plan = sit_out_plan(count, max(rounds, round_number))
    return plan[round_number - 1]
