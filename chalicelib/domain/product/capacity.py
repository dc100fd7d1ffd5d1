"""How many players one event recording every player's product carries: a sealed
hand-out (``SealedStarted``), and a draft's start when the product was entered per player
(``DraftStarted.packs`` and its kin). Every store keeps an event within 4 MB of JSON (a
page of the tournament's log must fit in one Lambda reply) and within DynamoDB's item,
400 KB stored (compressed) less a margin. A product of 24 boosters a player (the
profile's most) makes that event over 5 times the three boosters and a starter of the
default V:EKN product; a set of many distinct cards compresses less than the samples.
So the product's weight per player bounds the field, and the organizer learns the bound
when setting the product or the field size, not when handing the product out to a field
registered in full."""
from __future__ import annotations

import json
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

EVENT_JSON_BYTES = 4 * 1024 * 1024      # every store's limits (store/item_size.py)
ITEM_BYTES = 400 * 1024 - 8 * 1024
# room for ids longer than the sample's, packs entered by hand a few cards larger, and
# fields whose product compresses less than the sample's
HEADROOM = 0.9
SAMPLE_PLAYER = "p" + "f" * 10
SAMPLE_STARTER = "S99999"
SAMPLE_SIZE = 64        # players whose product, compressed together, gives the stored rate


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def _size(value: Any) -> int:
    return len(_json(value).encode("utf-8"))


def share_bytes(allocation: Mapping[str, Any]) -> int:
    """One player's part of the hand-out's JSON: their id among the players, their packs
    under their id, and their starters, each with its id and owner."""
    packs = _size({SAMPLE_PLAYER: list(allocation.get("packs", []))}) - 1
    starters = sum(_size({"id": SAMPLE_STARTER, **dict(item), "owner": SAMPLE_PLAYER}) + 1
                   for item in allocation.get("starters", []))
    return _size(SAMPLE_PLAYER) + 1 + packs + starters


def stored_share(sample: Mapping[str, Mapping[str, Any]]) -> float:
    """Compressed bytes per player of a hand-out of ``sample`` (player -> allocation), as
    the stores compress an event's JSON (zlib, level 6)."""
    starters = [{"id": f"S{k:05d}", **dict(item), "owner": player}
                for k, (player, allocation) in enumerate(sample.items())
                for item in allocation.get("starters", [])]
    payload = {"players": list(sample), "starters": starters,
               "packs": {p: list(a.get("packs", [])) for p, a in sample.items()}}
    return len(zlib.compress(_json(payload).encode("utf-8"), 6)) / max(len(sample), 1)


def most_players(largest: Mapping[str, Any],
                 sample: Mapping[str, Mapping[str, Any]] | None = None) -> int:
    """The largest field whose hand-out stays within both limits (with headroom): each
    player's JSON as ``largest``'s (their product at its largest), stored at the rate of
    ``sample`` (some players' product as dealt) when given."""
    most = int(EVENT_JSON_BYTES * HEADROOM) // max(share_bytes(largest), 1)
    if sample:
        most = min(most, int(ITEM_BYTES * HEADROOM / max(stored_share(sample), 1.0)))
    return most


def sample_players(count: int = SAMPLE_SIZE) -> Sequence[str]:
    return [f"p{n:010x}" for n in range(count)]
