"""Splitting opened product for a mixed draft (7.8)."""
from __future__ import annotations

from collections.abc import Mapping

from ..rng import derive


def split(opened: list[list[str]], kinds: Mapping[str, str]) -> tuple[list[str], list[str]]:
    """A player's opened packs and starters as (crypt pile, library pile), in order."""
    cards = [c for pack in opened for c in pack]
    return ([c for c in cards if kinds.get(c) == "crypt"],
            [c for c in cards if kinds.get(c) != "crypt"])


def cut(library: list[str], size: int, seed: str, *labels: object) -> list[list[str]]:
    """The face-down library pile, shuffled and cut into piles of ``size`` (the last may
    be smaller). Each pile is then drafted as a booster."""
    cards = list(library)
    derive(seed, "mixed-piles", *labels).shuffle(cards)
    return [cards[i:i + size] for i in range(0, len(cards), size)]
