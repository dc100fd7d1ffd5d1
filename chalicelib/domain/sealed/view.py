"""What a viewer may see of the sealed product. Public: who holds which (sealed)
starter, pending starter trades, who has registered, how many decks were handed back.
A player: their own opened product and final pool. Staff: everything, the per-player
maps (``starters``, ``pool_sizes``, ``opened``, ``pools``, ``received_from``) for the
players ``shown`` (a page of ``players``; default: all of them)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .state import SealedState


def view(state: SealedState, *, player: str | None = None, staff: bool = False,
         shown: Sequence[str] | None = None) -> dict[str, Any]:
    mapped = list(state.players) if shown is None or not staff else list(shown)
    owned = state.starters_by_owner()
    doc = {
        "status": state.status,
        "players": list(state.players),
        "swap": state.swap,
        "hand_back_percent": state.hand_back_percent if state.swap else None,
        "starter_trading": state.starter_trading,
        "starters": {p: [{"id": s["id"], "set": s["set"], "starter": s["starter"]}
                         for s in owned.get(p, ())] for p in mapped},
        "offers": [{"offer": o, **v} for o, v in sorted(state.offers.items())],
        "registered": sorted(state.registered),
        "handed_back_count": len(state.handed_back) if state.status == "final" else None,
        "pool_sizes": {p: len(state.pools[p]) for p in mapped if p in state.pools},
    }
    if staff:
        doc["opened"] = {p: list(state.opened[p]) for p in mapped if p in state.opened}
        doc["pools"] = {p: list(state.pools[p]) for p in mapped if p in state.pools}
        doc["received_from"] = {p: state.received_from[p] for p in mapped
                                if p in state.received_from}
        doc["handed_back"] = list(state.handed_back)
    elif player in state.players:
        doc["opened"] = {player: list(state.opened[player])} if player in state.opened else {}
        doc["pools"] = {player: list(state.pools[player])} if player in state.pools else {}
        if player in state.received_from:
            doc["received_from"] = {player: state.received_from[player]}
    return doc
