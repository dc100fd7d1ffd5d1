"""Which mixed draft events a viewer may read: the crypt table draft as in a table draft;
in the library phase a player sees only their own piles and picks, others see that a
pick was made and where the pile went."""
from __future__ import annotations

from ..tabledraft.visibility import redact as table_redact


def redact(event_type: str, data: dict, *, player: str | None = None,
           staff: bool = False) -> dict | None:
    if staff:
        return data
    if event_type.startswith("Table"):
        return table_redact(event_type, data, player=player)
    if event_type == "MixedDraftStarted":
        seat = data["players"].index(player) if player in data["players"] else None
        return {"pod": data["pod"], "players": data["players"],
                "first_seat": data["first_seat"], "pile_size": data["pile_size"],
                "crypt_counts": [len(c) for c in data["crypt"]],
                "pile_counts": [[len(p) for p in seat_piles] for seat_piles in data["piles"]],
                "my_crypt": data["crypt"][seat] if seat is not None else None,
                "at": data["at"]}
    if event_type == "MixedProductReplaced":
        # 7.2.5: everyone sees that a pack was replaced; its cards and the player's new
        # crypt are the player's own, the re-cut piles stay face down.
        out = {k: v for k, v in data.items() if k not in ("cards", "crypt", "piles")}
        out["pile_counts"] = [len(p) for p in data["piles"]]
        if data["player"] == player:
            out.update(cards=data["cards"], my_crypt=data["crypt"])
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
