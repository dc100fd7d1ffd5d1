"""What a viewer may see of the sealed product. Public: who holds which (sealed)
starter, pending starter trades, who has registered, how many decks were handed back.
A player: their own opened product and final pool. Staff: everything."""
from __future__ import annotations

from typing import Any

from .state import SealedState


def view(state: SealedState, *, player: str | None = None, staff: bool = False) -> dict[str, Any]:
    starters = state.starters_by_owner()
    doc = {
        "status": state.status,
        "players": list(state.players),
        "swap": state.swap,
        "hand_back_percent": state.hand_back_percent if state.swap else None,
        "starter_trading": state.starter_trading,
        "starters": {p: [{"id": s["id"], "set": s["set"], "starter": s["starter"]}
                         for s in starters[p]] for p in state.players},
        "offers": [{"offer": o, **v} for o, v in sorted(state.offers.items())],
        "registered": sorted(state.registered),
        "handed_back_count": len(state.handed_back) if state.status == "final" else None,
        "pool_sizes": {p: len(c) for p, c in state.pools.items()},
    }
    if staff:
        doc["opened"] = {p: list(c) for p, c in state.opened.items()}
        doc["pools"] = {p: list(c) for p, c in state.pools.items()}
        doc["received_from"] = dict(state.received_from)
        doc["handed_back"] = list(state.handed_back)
    elif player in state.players:
        doc["opened"] = {player: list(state.opened[player])} if player in state.opened else {}
        doc["pools"] = {player: list(state.pools[player])} if player in state.pools else {}
        if player in state.received_from:
            doc["received_from"] = {player: state.received_from[player]}
    return doc
