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
    is allowed: every shipped set; a player bringing an uploaded set is held to one
    player's share at the entry, :func:`require_entry_room`)."""
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


def require_entry_room(format_: str, product: dict[str, Any], registration: dict[str, Any],
                       allocation: dict[str, Any]) -> None:
    """Invalid (``invalid_product_entry``) when a player brings product of an uploaded set
    (which the bound set up front may not have weighed: any set allowed, or a listed set
    uploaded after the settings) and its part of the one event recording every player's
    product is more than one player's share of that event's JSON for a full field. Product
    of the shipped sets is within the bound set up front (:func:`require_room`), and so is
    any legal entry of a set that bound weighed. The stored (compressed) limit is not
    judged here: one entry alone compresses 2-3x worse than a field's product together,
    so it would refuse entries the hand-out takes; the hand-out refuses (422
    ``commit_too_large``, nothing written) a field past it."""
    if format_ not in HAND_OUTS + ENTERED_DRAFTS or product.get("source") != "own":
        return
    items = [*allocation.get("packs", []), *allocation.get("starters", [])]
    if {item.get("set") for item in items} <= set(sample_sets()):
        return
    players = max(int(registration.get("max_players") or 1), 1)
    room = int(capacity.EVENT_JSON_BYTES * capacity.HEADROOM) // players
    weight = capacity.share_bytes(allocation)
    if weight > room:
        raise Invalid("this product does not fit the field's share of the hand-out", [{
            "code": "too_heavy_for_the_field",
            "msg": f"this product takes {weight} bytes of the event recording every "
                   f"player's product; a field of {players} players leaves each {room}: "
                   f"bring less, or lower registration.max_players",
            "bytes": weight, "limit": room, "max_players": players}],
            code="invalid_product_entry")
