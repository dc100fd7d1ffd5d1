"""Deck validation: every violation, never just the first.

A violation is ``{"code", "message", ...}`` with ``zone``, ``card``, ``count`` and
``limit`` where they apply. Codes:

- ``zone_not_used``: cards in a zone this game has no use for;
- ``unknown_card``: an id the tournament's card sets do not know;
- ``wrong_zone``: a card whose kind does not belong in that zone (a crypt card in the
  library, a conspiracy in the MTG main deck, a hero in the Munchkin deck);
- ``not_in_pool`` / ``exceeds_pool``: more copies than the player received (7.2.4,
  905.1d), counting every zone, after the organizer-provided cards;
- ``too_few`` / ``too_many``: zone sizes; ``too_many_copies``: copies per card;
- ``hero_missing``: Munchkin's one hero (the draft hero or a drafted one; any other
  hero is ``not_in_pool``, and a second hero in the deck is ``wrong_zone``).

The ids the deck settings declare as heroes (``draft_hero``, ``hero_cards``) are heroes
whatever the card sets say; with the sets unknown (physical product) a declared
``hero_cards`` list makes every other id a non-hero, so the hero checks still run.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..profiles.deck import ZONES, DeckSettings
from .decklist import Decklist
from .limits import Limits
from .unverified import is_basic_land_id

Violation = dict[str, Any]

ZONE_NAMES = {"main": "deck", "library": "library", "crypt": "crypt",
              "sideboard": "sideboard", "hero": "hero"}


def validate_deck(deck: Decklist, *, settings: DeckSettings, limits: Limits,
                  pool: Sequence[str], kinds: Mapping[str, str] | None = None) -> list[Violation]:
    """All violations of ``deck`` for a player who received ``pool``. ``kinds`` maps card
    ids to their kind (from the tournament's card sets); without it kind checks are
    skipped and every card must come from the pool or the provided ids."""
    zones = deck.zones()
    kinds = effective_kinds(deck, settings, kinds)
    out: list[Violation] = []
    out += _unused_zones(zones, settings)
    out += _unknown_cards(deck, kinds)
    out += _kinds_in_zones(zones, settings, kinds)
    out += _ownership(deck, settings, pool, kinds)
    out += _sizes(_countable(zones, settings, kinds), settings, limits)
    out += _copies(zones, settings)
    out += _hero(deck, settings)
    return out


def effective_kinds(deck: Decklist, settings: DeckSettings,
                    kinds: Mapping[str, str] | None) -> Mapping[str, str] | None:
    """The card sets' kinds with the declared heroes added; with the sets unknown, the
    kinds of the deck's cards when the settings list the product's heroes (``hero_cards``:
    any other id is no hero), else ``None`` (unknown)."""
    heroes = settings.declared_heroes
    if kinds is not None:
        if all(kinds.get(card) == "hero" for card in heroes):
            return kinds
        return {**kinds, **{card: "hero" for card in heroes}}
    if settings.rules != "munchkin" or not settings.hero_cards:
        return None
    return {card: "hero" if card in heroes else "other" for card in deck.all_cards()}


def _unused_zones(zones: dict[str, list[str]], settings: DeckSettings) -> list[Violation]:
    allowed = ZONES[settings.rules]
    return [{"code": "zone_not_used", "zone": zone, "count": len(cards),
             "message": f"{settings.rules} decks have no {zone} "
                        f"(zones: {', '.join(allowed)})"}
            for zone, cards in zones.items() if zone not in allowed]


def _unknown_cards(deck: Decklist, kinds: Mapping[str, str] | None) -> list[Violation]:
    if kinds is None:
        return []
    return [{"code": "unknown_card", "card": card,
             "message": f"{card} is not a card of this tournament's sets"}
            for card in sorted(deck.all_cards()) if card not in kinds]


def _kind_allowed(zone: str, kind: str, settings: DeckSettings) -> bool:
    if zone == "crypt":
        return kind == "crypt"
    if zone == "library":
        return kind in ("library", "other")
    if zone == "hero":
        return kind == "hero"
    if zone == "main":
        return kind not in settings.main_excluded_kinds and kind != "crypt"
    return True  # sideboard: anything from the pool


def _kinds_in_zones(zones: dict[str, list[str]], settings: DeckSettings,
                    kinds: Mapping[str, str] | None) -> list[Violation]:
    out: list[Violation] = []
    allowed = ZONES[settings.rules]
    for zone, cards in zones.items():
        if zone not in allowed:
            continue
        for card, copies in sorted(Counter(cards).items()):
            kind = kinds.get(card) if kinds is not None else None
            draft_hero_in_main = zone == "main" and card in settings.draft_hero
            if draft_hero_in_main or (kind is not None
                                      and not _kind_allowed(zone, kind, settings)):
                what = "the draft hero" if draft_hero_in_main else f"a {kind} card"
                out.append({"code": "wrong_zone", "zone": zone, "card": card,
                            "count": copies, "kind": kind,
                            "message": f"{card} is {what} and may not be in the "
                                       f"{ZONE_NAMES[zone]}"})
    return out


def _provided_unlimited(card: str, settings: DeckSettings,
                        kinds: Mapping[str, str] | None) -> bool:
    if card in settings.provided_cards:
        return True
    if kinds is None:   # kinds unknown: MTG basic lands are recognised by name
        return "basic-land" in settings.provided_kinds and is_basic_land_id(card)
    kind = kinds.get(card)
    return kind is not None and kind in settings.provided_kinds


def _ownership(deck: Decklist, settings: DeckSettings, pool: Sequence[str],
               kinds: Mapping[str, str] | None) -> list[Violation]:
    owned = Counter(pool)
    out: list[Violation] = []
    for card, used in sorted(deck.all_cards().items()):
        if _provided_unlimited(card, settings, kinds):
            continue
        have = owned[card]
        if card in settings.draft_hero and deck.hero == card:
            have += 1  # Munchkin: every player is given the draft hero.
        if used <= have:
            continue
        if have == 0:
            out.append({"code": "not_in_pool", "card": card, "count": used, "limit": 0,
                        "message": f"{card} is not in the player's pool"})
        else:
            out.append({"code": "exceeds_pool", "card": card, "count": used, "limit": have,
                        "message": f"{card}: {used} used, {have} received"})
    return out


def _countable(zones: dict[str, list[str]], settings: DeckSettings,
               kinds: Mapping[str, str] | None) -> dict[str, list[str]]:
    """The cards that count towards a zone's size: a card already reported as in the
    wrong zone does not (so moving it out shows up now, not on the next attempt)."""
    def counts(zone: str, card: str) -> bool:
        if zone == "main" and card in settings.draft_hero:
            return False
        return kinds is None or card not in kinds or _kind_allowed(zone, kinds[card], settings)
    return {zone: [card for card in cards if counts(zone, card)]
            for zone, cards in zones.items()}


def _sizes(zones: dict[str, list[str]], settings: DeckSettings,
           limits: Limits) -> list[Violation]:
    checks = [("library" if settings.rules == "vtes" else "main",
               limits.deck_min, limits.deck_max)]
    if settings.rules == "vtes":
        checks.append(("crypt", limits.crypt_min, limits.crypt_max))
    out: list[Violation] = []
    for zone, low, high in checks:
        size = len(zones.get(zone, []))
        name = ZONE_NAMES[zone]
        if low is not None and size < low:
            exact = " exactly" if high == low else " at least"
            out.append({"code": "too_few", "zone": zone, "count": size, "limit": low,
                        "message": f"{name} has {size} cards;{exact} {low} required"})
        if high is not None and size > high:
            exact = " exactly" if high == low else " at most"
            out.append({"code": "too_many", "zone": zone, "count": size, "limit": high,
                        "message": f"{name} has {size} cards;{exact} {high} allowed"})
    return out


def _copies(zones: dict[str, list[str]], settings: DeckSettings) -> list[Violation]:
    if settings.max_copies is None:
        return []
    limit = settings.max_copies
    deck = Counter(zones.get("main", []) + zones.get("library", []) + zones.get("crypt", []))
    return [{"code": "too_many_copies", "card": card, "count": copies, "limit": limit,
             "message": f"{card}: {copies} copies; at most {limit} allowed"}
            for card, copies in sorted(deck.items()) if copies > limit]


def _hero(deck: Decklist, settings: DeckSettings) -> list[Violation]:
    if not settings.hero_required:
        return []
    if deck.hero is None:
        return [{"code": "hero_missing", "zone": "hero",
                 "message": "the deck needs one hero: the draft hero or a drafted hero"}]
    return []
