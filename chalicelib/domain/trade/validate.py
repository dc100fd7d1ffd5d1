"""Checking a restricted-trade set-up against the player's pool (7.4.1)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from .commands import CRYPT_ADDED, CRYPT_SIZE, LIBRARY_SIZE, STOCK_SIZE, TradeDeck


def deck_problems(deck: TradeDeck, pool: list[str],
                  kinds: Mapping[str, str]) -> list[dict[str, Any]]:
    """Every violation, each ``{"field", "msg", ...}``; empty when the set-up is valid."""
    problems: list[dict[str, Any]] = []
    for name, cards, size in (("library", deck.library, LIBRARY_SIZE),
                              ("stock", deck.stock, STOCK_SIZE),
                              ("crypt", deck.crypt, CRYPT_SIZE)):
        if len(cards) != size:
            problems.append({"field": name, "msg": f"must hold exactly {size} cards, "
                                                   f"has {len(cards)}"})
    for name in ("library", "stock"):
        wrong = sorted({c for c in getattr(deck, name) if kinds.get(c) == "crypt"})
        if wrong:
            problems.append({"field": name, "msg": "crypt cards are not library cards",
                             "cards": wrong})
    for name in ("crypt", "sideboard"):
        wrong = sorted({c for c in getattr(deck, name) if kinds.get(c) != "crypt"})
        if wrong:
            problems.append({"field": name, "msg": "only crypt cards belong here",
                             "cards": wrong})
    have = Counter(pool)
    used = Counter(deck.library) + Counter(deck.stock) + Counter(deck.crypt) \
        + Counter(deck.sideboard)
    over = sorted((used - have).elements())
    if over:
        problems.append({"field": "deck", "msg": "cards not in your pool (or used more "
                                                 "often than you have them)", "cards": over})
    # 7.4.1: the remaining crypt cards are the sideboard, all of them.
    rest = Counter(c for c in pool if kinds.get(c) == "crypt") - Counter(deck.crypt)
    missing = sorted((rest - Counter(deck.sideboard)).elements())
    if missing:
        problems.append({"field": "sideboard", "msg": "every crypt card not in the crypt "
                                                      "is kept as the sideboard",
                         "cards": missing})
    if len(deck.sideboard) < CRYPT_ADDED:
        problems.append({"field": "sideboard", "msg": f"needs at least {CRYPT_ADDED} crypt "
                                                      "cards to complete the crypt after "
                                                      "trading"})
    return problems
