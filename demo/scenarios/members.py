"""Plausible V:EKN membership numbers (seven digits) for the demo rosters; the other games'
federations have no numbering the demo needs."""
from __future__ import annotations


def vekn_numbers(count: int, first: int = 3_100_001) -> list[str]:
    return [str(first + i) for i in range(count)]
