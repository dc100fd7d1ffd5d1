"""Deck registration from what a player ended up with (V:EKN 7.2-7.4 limits)."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from ..client import Api


def card_kinds(api: Api, set_id: str) -> dict[str, str]:
    cards = api.get(f"/v1/sets/{set_id}")["definition"]["cards"]
    return {c["id"]: c.get("kind", "other") for c in cards}


def open_decks(api: Api, ev, hours: int = 2) -> None:
    deadline = datetime.now(UTC) + timedelta(hours=hours)
    api.post(f"{ev.base}/decks/open",
             {"deadline": deadline.replace(microsecond=0).isoformat().replace("+00:00", "Z")},
             token=ev.org)


def vtes_deck(pool: list[str], kinds: dict[str, str], crypt: int = 12,
              library: int = 40) -> dict[str, list[str]]:
    return {"crypt": [c for c in pool if kinds[c] == "crypt"][:crypt],
            "library": [c for c in pool if kinds[c] != "crypt"][:library]}


def register_deck(api: Api, ev, player: str, deck: dict[str, Any]) -> dict[str, Any]:
    url = f"{ev.base}/decks/players/{player}"
    check = api.post(url + "/validate", deck, token=ev.token[player])
    if not check["legal"]:
        raise AssertionError(f"deck of {player} not legal: {check}")
    return api.post(url, deck, token=ev.token[player])


def publish(api: Api, ev) -> dict[str, Any]:
    api.post(f"{ev.base}/decks/publish", token=ev.org)
    return api.get(f"{ev.base}/decks")


def hack_deck(pool: list[str], kinds: dict[str, str]) -> dict[str, list[str]]:
    """.hack//ENEMY: a 35-card draw deck, any number of copies."""
    return {"main": pool[:35]}


def munchkin_deck(pool: list[str], kinds: dict[str, str]) -> dict[str, Any]:
    """Munchkin: 30 cards, at most 3 copies of each, and one hero beside them."""
    hero = next(c for c in pool if kinds[c] == "hero")
    main: list[str] = []
    for card in pool:
        if kinds[card] != "hero" and main.count(card) < 3 and len(main) < 30:
            main.append(card)
    return {"main": main, "hero": hero}


def mtg_deck(pool: list[str], kinds: dict[str, str]) -> dict[str, list[str]]:
    """MTG limited: 40 cards with basic lands provided; conspiracies stay aside (905.3)."""
    land = next(c for c, k in kinds.items() if k == "basic-land")
    spells = [c for c in pool if kinds[c] not in ("conspiracy", "basic-land")]
    main = spells[:23] + [land] * (40 - len(spells[:23]))
    return {"main": main, "sideboard": spells[23:] + [c for c in pool
                                                       if kinds[c] == "conspiracy"]}


def register_pool_decks(api: Api, ev, set_id: str, build) -> int:
    """Every player registers a deck built from their drafted pool; then publication."""
    kinds = card_kinds(api, set_id)
    open_decks(api, ev)
    for player in ev.token:
        pool = api.get(f"{ev.base}/players/{player}/pool", token=ev.org)["pool"]
        register_deck(api, ev, player, build(pool, kinds))
    return len(publish(api, ev)["decklists"])
