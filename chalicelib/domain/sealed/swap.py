"""The sealed-deck swap deal (V:EKN 7.3.2) as a pure function of the seed."""
from __future__ import annotations

from ..rng import derive


def hand_back_count(percent: int, decks: int) -> int:
    """How many decks go back to the players who registered them: ``percent`` of the
    decks, rounded half up, and at least one."""
    return min(decks, max(1, (percent * decks + 50) // 100))


def deal(registrants: list[str], percent: int, seed: str) -> tuple[list[str], dict[str, str]]:
    """Returns (players handed their own product back, ``receiver -> registrant``).
    The rest is dealt at random among the players without a deck; getting one's own
    product back by chance is allowed."""
    order = sorted(registrants)
    rng = derive(seed, "sealed-swap")
    back = sorted(rng.sample(order, hand_back_count(percent, len(order))))
    others = [p for p in order if p not in back]
    decks = list(others)
    rng.shuffle(decks)
    received = {p: p for p in back}
    received.update(zip(others, decks, strict=True))
    return back, received
