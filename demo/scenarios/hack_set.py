"""A small .hack//ENEMY-style demo set (invented card names; no real set ships with Podium):
40 cards, 10-card boosters of 1 rare, 3 uncommons and 6 commons. The organizer uploads it
once per server; later runs find it."""
from __future__ import annotations

from typing import Any

from ..client import Api

SET_ID = "demo-hack-netslum"
RARITIES = [("rare", 8), ("uncommon", 12), ("common", 20)]


def definition() -> dict[str, Any]:
    cards = []
    for rarity, count in RARITIES:
        for i in range(count):
            cards.append({"id": f"dh-{rarity[0]}{i:02d}", "name": f"Net {rarity} {i + 1}",
                          "rarity": rarity})
    slots = [{"count": 1, "filter": {"rarity": ["rare"]}},
             {"count": 3, "filter": {"rarity": ["uncommon"]}},
             {"count": 6, "filter": {"rarity": ["common"]}}]
    return {"id": SET_ID, "name": "Net Slum demo set", "game": "hack", "cards": cards,
            "boosters": [{"id": "booster", "layouts": [{"slots": slots}]}]}


def ensure_set(api: Api, org: str) -> str:
    if api.call("GET", f"/v1/sets/{SET_ID}").status == 404:
        api.post("/v1/sets", definition(), token=org)
    return SET_ID
