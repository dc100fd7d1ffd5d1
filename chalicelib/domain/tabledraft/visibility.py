"""Which table draft events a viewer may read, and how much of each (7.7): the table,
reveals and picks happen in front of everyone; face-down packs are staff-only; a
completed pool is its owner's."""
from __future__ import annotations


def redact(event_type: str, data: dict, *, player: str | None = None,
           staff: bool = False) -> dict | None:
    """The part of one event the viewer may see, or None when nothing of it."""
    if staff:
        return data
    if event_type == "TableDraftStarted":
        return {k: v for k, v in data.items() if k != "packs"}
    if event_type in ("TableSetRevealed", "TableCardPicked"):
        return data
    if event_type == "TablePackReplaced":       # 7.2.5: the new pack stays face down
        return {k: v for k, v in data.items() if k != "cards"}
    if event_type == "TableDraftCompleted":
        pools = data["pools"]
        return {"at": data["at"], "pools": {player: pools[player]} if player in pools else {}}
    return None
