"""Table draft layout and pick order (V:EKN 7.7.1-7.7.3), as pure functions."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def crypt_on_top(pack: Iterable[str], kinds: Mapping[str, str]) -> list[str]:
    """7.7.1: crypt cards moved to the top of the pack, each group in pack order."""
    cards = list(pack)
    return ([c for c in cards if kinds.get(c) == "crypt"]
            + [c for c in cards if kinds.get(c) != "crypt"])


def seats_from(active: int, seats: int) -> list[int]:
    """Seat indices around the table starting with ``active`` and going left."""
    return [(active + k) % seats for k in range(seats)]


def snake(active: int, seats: int, cards_on_table: int) -> list[int]:
    """7.7.3: the horseshoe order from the active player round the pod and back (the last
    player takes two in a row), cut to the cards on the table (a short final set)."""
    there = seats_from(active, seats)
    return (there + there[::-1])[:cards_on_table]


def layout(packs: list[list[str]], active: int, per_player: int = 2
           ) -> tuple[list[dict[str, Any]], list[list[str]]]:
    """Each player lays the top ``per_player`` cards of their pack face up; the cards are
    numbered in chronological order, the active player's first (7.7). Returns the table
    cards ``{"order", "card", "seat"}`` and the packs that remain."""
    table: list[dict[str, Any]] = []
    remaining = [list(p) for p in packs]
    for seat in seats_from(active, len(packs)):
        for card in remaining[seat][:per_player]:
            table.append({"order": len(table) + 1, "card": card, "seat": seat})
        remaining[seat] = remaining[seat][per_player:]
    return table, remaining
