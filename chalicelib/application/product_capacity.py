"""The field a product carries to the one event that records all of it
(``domain/product/capacity.py``): a sealed format's hand-out (sealed, sealed-swap,
restricted trade), and a draft's start when its product is entered per player or brought
by the players (the start records every player's packs). Checked when such a tournament
is created and whenever its settings change before the start: a
``registration.max_players`` above it is refused with the limit named, so an event the
API accepts records the product of every player it lets register."""
from __future__ import annotations

from typing import Any

from ..data.sets import sample_sets
from ..domain.errors import Invalid
from ..domain.product import capacity
from ..domain.product.allocation import allocate, largest_one
from ..domain.product.own_capacity import heaviest_own_product
from ..domain.profiles import resolve_settings
from ..domain.profiles.product import ProductSettings
from .formats_sealed import RESTRICTED_TRADE, SEALED, SEALED_SWAP
from .sets import load_sets, product_sets

HAND_OUTS = (SEALED.name, SEALED_SWAP.name, RESTRICTED_TRADE.name)
# drafts whose start records the packs of a product entered per player (pods of a
# collated product open each in its own commit, from the seed)
ENTERED_DRAFTS = ("booster-draft", "table-draft", "mixed-draft")


def require_room(source: Any, game: str, format_: str, structure: str,
                 settings: dict[str, Any], base: dict[str, Any] | None = None) -> None:
    """Invalid (``invalid_settings``) when the field may grow past what the one event of
    this product records. Product the players bring (``own``) is weighed at the heaviest
    the advertised limits let a player bring, from the sets they may bring (when any set
    is allowed: every shipped set; an uploaded set heavier than those is refused at the
    hand-out or start, with the limit named)."""
    if format_ not in HAND_OUTS + ENTERED_DRAFTS:
        return
    try:
        resolved = resolve_settings(game, settings, base=base, structure=structure)
        product = resolved.get("product") or {}
        kind = product.get("source", "collated")
        if format_ in ENTERED_DRAFTS and kind not in ("entered", "own"):
            return
        if kind == "own":
            limits = ProductSettings.model_validate(product).own
            allowed = load_sets(source, limits.sets) if limits.sets else sample_sets()
            heaviest = heaviest_own_product(limits, allowed)
            if heaviest is None:
                return
            product, sets = heaviest.model_dump(), allowed
        else:
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
            "msg": f"{format_} events with this product take at most {most} players: "
                   f"{'the start' if format_ in ENTERED_DRAFTS else 'the hand-out'} "
                   f"records every player's product in one event of at most "
                   f"{capacity.EVENT_JSON_BYTES} bytes of JSON and {capacity.ITEM_BYTES} "
                   f"stored (each player's {capacity.share_bytes(largest)} and about "
                   f"{capacity.stored_share(sample):.0f}; asked {asked})",
            "limit": most}], code="invalid_settings")
