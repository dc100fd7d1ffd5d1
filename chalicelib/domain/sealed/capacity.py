"""How many players one sealed hand-out carries. The hand-out records every player's
product in one event (``SealedStarted``), and no store keeps an event over 4 MB of JSON
(a page of the tournament's log must fit in one Lambda reply); a product of 24 boosters
a player (the profile's most) makes that event over 5 times the three boosters and a
starter of the default V:EKN product. So the product's weight per player bounds the
field, and the organizer learns the bound when setting the product or the field size,
not when handing the product out to a field registered in full."""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

EVENT_JSON_BYTES = 4 * 1024 * 1024      # every store's limit (store/item_size.py)
# room for ids longer than the sample's and packs entered by hand a few cards larger
HEADROOM = 0.9
SAMPLE_PLAYER = "p" + "f" * 10
SAMPLE_STARTER = "S99999"


def _size(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def share_bytes(allocation: Mapping[str, Any]) -> int:
    """One player's part of the hand-out's JSON: their id among the players, their packs
    under their id, and their starters, each with its id and owner."""
    packs = _size({SAMPLE_PLAYER: list(allocation.get("packs", []))}) - 1
    starters = sum(_size({"id": SAMPLE_STARTER, **dict(item), "owner": SAMPLE_PLAYER}) + 1
                   for item in allocation.get("starters", []))
    return _size(SAMPLE_PLAYER) + 1 + packs + starters


def most_players(allocation: Mapping[str, Any]) -> int:
    """The largest field whose hand-out, each player's share as ``allocation``'s, stays
    within the event limit (with headroom)."""
    return int(EVENT_JSON_BYTES * HEADROOM) // max(share_bytes(allocation), 1)
