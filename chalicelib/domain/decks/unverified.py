"""What a deck check could not verify, said out loud rather than passed silently: card
kinds when the tournament's card sets are unknown (physical product), and a pool that
only the player declared (7.2.3/7.2.4: staff record what a player received). Also
recognises MTG basic lands by name when kinds are unknown (905.1d: any number)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..profiles.deck import DeckSettings

_BASICS = ("plains", "island", "swamp", "mountain", "forest", "wastes")
BASIC_LAND_IDS = frozenset(_BASICS) | frozenset(f"snow-covered-{b}" for b in _BASICS[:5])

Unverified = dict[str, Any]


def is_basic_land_id(card: str) -> bool:
    """``Plains``, ``island``, ``mtg:forest``, ``Snow-Covered_Swamp``: an MTG basic land
    named by its English name (optionally after a ``prefix:``)."""
    name = card.rsplit(":", 1)[-1].lower().replace("_", "-")
    return name in BASIC_LAND_IDS


def kinds_unverified(settings: DeckSettings, kinds: Mapping[str, str] | None) -> list[Unverified]:
    """``kinds`` from the card sets (None: unknown). Munchkin's only kind checks are about
    heroes, so a declared list of the product's heroes (``hero_cards``) verifies them."""
    if kinds is not None or (settings.rules == "munchkin" and settings.hero_cards):
        return []
    checks = {
        "munchkin": "heroes in the main deck and whether the hero is a hero card",
        "vtes": "crypt cards in the library and library cards in the crypt",
        "mtg": "conspiracies in the main deck",
    }.get(settings.rules)
    if settings.rules == "munchkin":
        checks = (f"{checks} (declare the product's heroes in the deck settings "
                  f"`hero_cards` and the draft hero in `draft_hero`)")
    if checks is None:
        return []
    return [{"code": "kinds_unverified",
             "message": f"the card kinds are unknown (no card set describes this product): "
                        f"{checks} could not be checked; a judge should look"}]


def pool_unverified(source: str) -> list[Unverified]:
    if source != "declared":
        return []
    return [{"code": "pool_unverified",
             "message": "no pool was recorded by the staff: the deck was checked against "
                        "the player's own list of cards received (7.2.3), which nobody "
                        "has verified"}]
