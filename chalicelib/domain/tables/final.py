"""The final round (V:EKN 3.1.3 seat choice, 3.7.5 final scoring)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import Conflict, Invalid
from ..rng import derive


def next_to_place(qualifiers: Sequence[str], row: Sequence[str]) -> str | None:
    """Starting with the lowest qualifier, each places their card in turn."""
    placed = len(row)
    if placed >= len(qualifiers):
        return None
    return qualifiers[len(qualifiers) - 1 - placed]


def place_card(qualifiers: Sequence[str], row: Sequence[str], player: str,
               position: int) -> list[str]:
    """The row after ``player`` puts their card at ``position`` (0 = left end,
    len(row) = right end, k = the gap between cards k-1 and k)."""
    expected = next_to_place(qualifiers, row)
    if expected is None:
        raise Conflict("every finalist has placed their card", code="final_seated")
    if player not in qualifiers:
        raise Conflict(f"{player} is not a finalist", {"finalists": list(qualifiers)},
                       code="not_finalist")
    if player != expected:
        raise Conflict(f"it is {expected}'s turn to place their card",
                       {"next": expected}, code="out_of_turn")
    if isinstance(position, bool) or not isinstance(position, int) \
            or not 0 <= position <= len(row):
        raise Invalid(f"position must be between 0 and {len(row)}",
                      {"position": position, "row": list(row)}, code="invalid_position")
    return [*row[:position], player, *row[position:]]


def seat_final(row: Sequence[str], seed: str) -> tuple[list[str], str]:
    """Seats read left to right from the row; the judge then draws the first player:
    the seating starts with them and keeps the row's clockwise order."""
    first = derive(seed, "final-first-player", *row).choice(list(row))
    k = list(row).index(first)
    return [*row[k:], *row[:k]], first


def final_standings(qualifiers: Sequence[str],
                    vp_halves: Mapping[str, int]) -> list[dict[str, Any]]:
    """The most final VP wins, ties broken by preliminary rank (qualifier order); the
    other finalists tie for second (V:EKN 3.7.5)."""
    seed_rank = {pid: i for i, pid in enumerate(qualifiers)}
    winner = min(qualifiers, key=lambda p: (-vp_halves[p], seed_rank[p]))
    return [{"player": pid, "rank": 1 if pid == winner else 2, "vp_halves": vp_halves[pid]}
            for pid in sorted(qualifiers, key=lambda p: (p != winner, seed_rank[p]))]
