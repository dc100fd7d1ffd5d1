"""The sealed-deck swap deal (V:EKN 7.3.2) as a pure function of the seed."""
from __future__ import annotations

from ..rng import derive


def hand_back_count(percent: int, decks: int) -> int:
    """How many decks go back to the players who registered them (7.3.2: 10 to 20 percent
    of the decks): the organizer's ``percent`` of the decks rounded half up, then moved
    into ``[ceil(10% n), floor(20% n)]`` so the share handed back is always within 10-20%.
    With fewer than 5 decks no count is within 10-20%; the count nearest to ``percent``
    is used (the plain rounding: 0 or 1 of 1-4 decks, e.g. 1 of 4 at 15-20%, none of 2)."""
    nearest = (percent * decks + 50) // 100
    low, high = -(-decks // 10), decks // 5
    if low > high:
        return min(decks, nearest)
    return min(high, max(low, nearest))


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
