"""Deck size limits: the V:EKN limited table (7.2.1, 7.2.2) and each game's sizes."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from ..errors import Invalid
from ..profiles.deck import DeckSettings

STANDARD_BOOSTER = 11  # 7.2.1 note: the table assumes 11-card boosters.

# 7.2.2: boosters per player -> (minimum crypt, minimum library, recursions).
VTES_TABLE: dict[int, tuple[int, int, int]] = {
    12: (12, 40, 0), 11: (11, 40, 0), 10: (10, 40, 0), 9: (9, 40, 0), 8: (8, 40, 0),
    7: (7, 35, 1), 6: (6, 30, 1), 5: (5, 25, 1), 4: (4, 20, 2), 3: (3, 15, 3),
    2: (2, 10, 5), 1: (1, 5, 11),
}


@dataclass(frozen=True)
class Limits:
    """Resolved limits for one player's deck. ``None`` = no limit."""

    deck_min: int | None = None
    deck_max: int | None = None
    crypt_min: int | None = None
    crypt_max: int | None = None
    recursions: int | None = None
    effective_boosters: int | None = None
    basis: str = ""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def effective_boosters(boosters: Iterable[Mapping[str, int]]) -> int:
    """7.2.1 note: total cards / 11, rounded to the nearest whole number.
    ``boosters`` = ``[{"count": n, "cards": cards per booster}, ...]``. (11 is odd, so a
    total never lands on a half.)"""
    total = sum(int(b["count"]) * int(b.get("cards", STANDARD_BOOSTER)) for b in boosters)
    return (2 * total + STANDARD_BOOSTER) // (2 * STANDARD_BOOSTER)


def vtes_table(boosters: int) -> tuple[int, int, int]:
    """(crypt minimum, library minimum, recursions) for ``boosters`` per player."""
    if boosters < 1:
        raise Invalid("V:EKN limited needs at least one booster per player or starters",
                      [{"code": "no_product", "message": "0 effective boosters"}],
                      code="no_product")
    return VTES_TABLE[min(boosters, 12)]


def resolve_limits(settings: DeckSettings, fmt: str | None = None,
                   product: Mapping[str, Any] | None = None) -> Limits:
    """Limits for one player. ``product`` is what the player received, when known:
    ``{"boosters": [{"count", "cards"}], "starters": n}``; otherwise the settings'
    ``boosters_per_player`` / ``cards_per_booster`` / ``starters_used`` apply.
    Explicit organizer values (``deck_min``, ``crypt_min``...) win over the table."""
    if settings.rules != "vtes":
        return Limits(deck_min=settings.deck_min, deck_max=settings.deck_max,
                      basis=f"{settings.rules} profile")
    if fmt == "restricted-trade":
        # 7.4.1/7.4.3: exactly 50 + 15 traded library cards and 10 + 2 crypt cards;
        # the organizer changes these through trade_library / trade_crypt.
        return Limits(deck_min=settings.trade_library, deck_max=settings.trade_library,
                      crypt_min=settings.trade_crypt, crypt_max=settings.trade_crypt,
                      recursions=0, basis="restricted trade (7.4)")
    base = _table_limits(settings, product)
    return Limits(
        deck_min=_pick(settings.deck_min, base.deck_min),
        deck_max=settings.deck_max,
        crypt_min=_pick(settings.crypt_min, base.crypt_min),
        crypt_max=settings.crypt_max,
        recursions=_pick(settings.recursions, base.recursions),
        effective_boosters=base.effective_boosters, basis=base.basis)


def _table_limits(settings: DeckSettings, product: Mapping[str, Any] | None) -> Limits:
    if product is not None and ("boosters" in product or "starters" in product):
        boosters = list(product.get("boosters") or [])
        starters = int(product.get("starters") or 0) > 0
    else:
        count = settings.boosters_per_player or 0
        boosters = [{"count": count, "cards": settings.cards_per_booster}]
        starters = settings.starters_used
    effective = effective_boosters(boosters)
    if starters:
        # 7.2.1: with any starters the minima are 40 / 12, so no recursion.
        return Limits(deck_min=40, crypt_min=12, recursions=0,
                      effective_boosters=effective, basis="starters used (7.2.1)")
    if settings.deck_min is not None and settings.crypt_min is not None and effective < 1:
        return Limits(recursions=0, effective_boosters=0, basis="organizer limits")
    crypt, library, recursions = vtes_table(effective)
    return Limits(deck_min=library, crypt_min=crypt, recursions=recursions,
                  effective_boosters=effective,
                  basis=f"{effective} booster{'s' if effective != 1 else ''} per player (7.2.2)")


def _pick(override: int | None, value: int | None) -> int | None:
    return value if override is None else override
