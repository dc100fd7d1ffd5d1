"""Which mixed draft events a viewer may read: the crypt table draft as in a table draft;
in the library phase a player sees only their own piles and picks, others see that a
pick was made and where the pile went. 7.8: the split crypt and library piles stay face
down until laid out or drafted (the order of a crypt pile tells which cards come in the
next sets), so players read their counts only; staff read everything."""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..table_draft.visibility import redact as table_redact


def redact(event_type: str, data: dict[str, Any], *, player: str | None = None,
           staff: bool = False, members: Collection[str] = ()) -> dict[str, Any] | None:
    """``members``: the pod's players (they witness the crypt table's picks)."""
    if staff:
        return data
    if event_type.startswith("Table"):
        return table_redact(event_type, data, player=player, members=members)
    if event_type == "MixedDraftStarted":
        return {"pod": data["pod"], "players": data["players"],
                "first_seat": data["first_seat"], "pile_size": data["pile_size"],
                "crypt_counts": [len(c) for c in data["crypt"]],
                "pile_counts": [[len(p) for p in seat_piles] for seat_piles in data["piles"]],
                "at": data["at"]}
    if event_type == "MixedProductReplaced":
        # 7.2.5: everyone sees that a pack was replaced and the new counts; its cards, the
        # new crypt pile and the re-cut library piles stay face down (7.8).
        out = {k: v for k, v in data.items() if k not in ("cards", "crypt", "piles")}
        out["pile_counts"] = [len(p) for p in data["piles"]]
        out["crypt_count"] = len(data["crypt"])
        return out
    if event_type == "MixedLibraryRoundStarted":
        return {**data, "packs": [p if p["player"] == player else
                                  {"id": p["id"], "player": p["player"], "size": len(p["cards"])}
                                  for p in data["packs"]]}
    if event_type == "MixedLibraryCardPicked":
        if data["player"] == player:
            return data
        return {k: v for k, v in data.items() if k != "card"}
    if event_type == "MixedDraftCompleted":
        pools = data["pools"]
        return {"at": data["at"], "pools": {player: pools[player]} if player in pools else {}}
    return None
