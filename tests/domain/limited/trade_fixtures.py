"""Pools and set-ups for restricted-trade tests."""
from __future__ import annotations

from chalicelib.domain.trade import TradeDeck


def pool(player: str, library: int = 70, crypt: int = 14) -> list[str]:
    return [f"{player}-L{i}" for i in range(library)] + [f"{player}-C{i}" for i in range(crypt)]


def kinds(players) -> dict[str, str]:
    return {c: "crypt" if "-C" in c else "library" for p in players for c in pool(p)}


def deck(player: str) -> TradeDeck:
    cards = pool(player)
    lib = [c for c in cards if "-L" in c]
    cry = [c for c in cards if "-C" in c]
    return TradeDeck(library=lib[:50], stock=lib[50:65], crypt=cry[:10], sideboard=cry[10:])
