"""The field a sealed format's product carries to its hand-out
(``domain/sealed/capacity.py``), checked when a sealed, sealed-swap or restricted-trade
tournament is created and whenever its settings change before the start: a
``registration.max_players`` above it is refused with the limit named, so an event the
API accepts can hand its product out to every player it lets register."""
from __future__ import annotations

from typing import Any

from ..domain.errors import Invalid
from ..domain.product.allocation import allocate, largest_one
from ..domain.profiles import resolve_settings
from ..domain.sealed import capacity
from .formats_sealed import RESTRICTED_TRADE, SEALED, SEALED_SWAP
from .sets import product_sets

FORMATS = (SEALED.name, SEALED_SWAP.name, RESTRICTED_TRADE.name)


def require_room(source: Any, game: str, format_: str, structure: str,
                 settings: dict[str, Any], base: dict[str, Any] | None = None) -> None:
    """Invalid (``invalid_settings``) when the field may grow past what one hand-out of
    this product records. Product the players bring (``own``) is known only as it is
    entered: its hand-out names the limit if it is passed."""
    if format_ not in FORMATS:
        return
    try:
        resolved = resolve_settings(game, settings, base=base, structure=structure)
        product = resolved.get("product") or {}
        if product.get("source", "collated") == "own":
            return
        sets = product_sets(source, product)
        largest = largest_one(product, sets, "capacity", capacity.SAMPLE_PLAYER)
        sample = allocate(product, sets, "capacity", list(capacity.sample_players()))
    except Invalid:
        return      # settings the decider refuses, or a product the hand-out refuses
    most = capacity.most_players(largest, sample)
    asked = resolved["registration"]["max_players"]
    if asked > most:
        raise Invalid("invalid tournament settings", [{
            "loc": "registration.max_players",
            "msg": f"{format_} events with this product take at most {most} players: the "
                   f"hand-out records every player's product in one event of at most "
                   f"{capacity.EVENT_JSON_BYTES} bytes of JSON and {capacity.ITEM_BYTES} "
                   f"stored (each player's {capacity.share_bytes(largest)} and about "
                   f"{capacity.stored_share(sample):.0f}; asked {asked})",
            "limit": most}], code="invalid_settings")
