"""Which trading pod events a viewer may read. The face-up stock and every offer,
answer and turn are public to the pod (its players and staff); libraries, crypts and
sideboards are their owner's; nobody outside the pod reads the pod's events."""
from __future__ import annotations

from typing import Any


def redact(event_type: str, data: dict[str, Any], *, player: str | None = None,
           staff: bool = False, members: tuple[str, ...] | list[str] = ()) -> dict[str, Any] | None:
    if staff:
        return data
    if player not in members:
        return None
    if event_type == "TradePodStarted":
        return {**{k: v for k, v in data.items() if k != "decks"},
                "stock": {p: d["stock"] for p, d in data["decks"].items()},
                "my_deck": data["decks"].get(player)}
    if event_type == "TradeCryptCompleted":
        return data if data["player"] == player else {"player": data["player"],
                                                      "at": data["at"]}
    if event_type == "TradePodCompleted":
        decks = data["decks"]
        return {"at": data["at"], "decks": {player: decks[player]} if player in decks else {}}
    return data
