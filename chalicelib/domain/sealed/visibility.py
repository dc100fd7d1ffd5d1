"""Which sealed events a viewer may read: starters' names, starter trades, registrations
and the number of decks handed back are public; contents are the owner's; who received
whose product is staff's (and each player's own)."""
from __future__ import annotations

from typing import Any


def redact(event_type: str, data: dict[str, Any], *, player: str | None = None,
           staff: bool = False) -> dict[str, Any] | None:
    if staff:
        return data
    if event_type == "SealedStarted":
        return {**{k: v for k, v in data.items() if k not in ("packs", "starters")},
                "pack_counts": {p: len(items) for p, items in data["packs"].items()},
                "starters": [{k: s[k] for k in ("id", "set", "starter", "owner")}
                             for s in data["starters"]]}
    if event_type in ("StarterTradeProposed", "StarterTradeAccepted", "StarterTradeDeclined",
                      "SealedProductRegistered"):
        return data
    if event_type == "SealedProductOpened":
        opened = data["opened"]
        return {"at": data["at"], "opened": {player: opened[player]} if player in opened else {}}
    if event_type == "SealedSwapDealt":
        mine = player in data["received_from"]
        return {"at": data["at"], "hand_back": data["hand_back"],
                "received_from": {player: data["received_from"][player]} if mine else {},
                "pools": {player: data["pools"][player]} if mine else {}}
    if event_type == "SealedLateArrival":
        return data if data["player"] == player else {"player": data["player"],
                                                      "at": data["at"]}
    return None
