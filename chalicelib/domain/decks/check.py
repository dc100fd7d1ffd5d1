"""Deck checks (V:EKN 7.2.3): a judge's count of the cards a player presents against
the registered list."""
from __future__ import annotations

from collections import Counter
from typing import Any

from .decklist import Decklist


def discrepancies(registered: Decklist, presented: Decklist) -> list[dict[str, Any]]:
    """One entry per (zone, card) whose count differs: ``registered`` vs ``found``."""
    want, got = registered.zones(), presented.zones()
    out: list[dict[str, Any]] = []
    for zone in sorted(set(want) | set(got)):
        expected, found = Counter(want.get(zone, [])), Counter(got.get(zone, []))
        for card in sorted(set(expected) | set(found)):
            if expected[card] != found[card]:
                out.append({"zone": zone, "card": card,
                            "registered": expected[card], "found": found[card]})
    return out
