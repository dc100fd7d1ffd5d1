"""Which table draft events a viewer may read, and how much of each (7.7). The pod's
players and staff witnessed every reveal and pick at the table, so they read them all;
anyone else (no token, or a player of another pod) reads the reveals and that a pick was
made, not which card (the public view shows the table and each player's most recent pick
of the current set, as the players display it face up). Face-down packs are staff-only;
a completed pool is its owner's."""
from __future__ import annotations

from collections.abc import Collection
from typing import Any


def redact(event_type: str, data: dict[str, Any], *, player: str | None = None,
           staff: bool = False, members: Collection[str] = ()) -> dict[str, Any] | None:
    """The part of one event the viewer may see, or None when nothing of it.
    ``members``: the pod's players."""
    if staff:
        return data
    if event_type == "TableDraftStarted":     # a player's kept starters are their own
        shown = {k: v for k, v in data.items() if k not in ("packs", "starters")}
        kept = (data.get("starters") or {}).get(player or "")
        return {**shown, "starters": {player: kept}} if kept and player else shown
    if event_type == "TableSetRevealed":
        return data
    if event_type == "TableCardPicked":
        if player is not None and player in members:
            return data
        return {k: v for k, v in data.items() if k not in ("card", "order")}
    if event_type == "TablePackReplaced":       # 7.2.5: the new pack stays face down
        return {k: v for k, v in data.items() if k != "cards"}
    if event_type == "TableDraftCompleted":
        pools = data["pools"]
        return {"at": data["at"], "pools": {player: pools[player]} if player in pools else {}}
    return None
