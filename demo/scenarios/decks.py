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
