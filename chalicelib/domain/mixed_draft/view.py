"""What a viewer may see of a mixed draft: the crypt phase as a table draft (public
table); in the library phase a player sees only the pile in front of them and their own
picks (library picks as ``own_picks`` allows, 7.5.1: see ``MixedDraftState.library_visible``),
everyone sees how many piles wait where; staff see everything."""
from __future__ import annotations

from typing import Any

from ..table_draft import view as table_view
from .replacement import abnormal_product
from .state import MixedDraftState


def view(state: MixedDraftState, *, player: str | None = None,
         staff: bool = False) -> dict[str, Any]:
    names = state.players
    doc = {
        "status": state.status,
        "pod": state.pod,
        "players": list(names),
        "pile_size": state.pile_size,
        "crypt_draft": table_view(state.crypt, player=player, staff=staff),
        "round": state.round,
        "direction": "left" if state.direction == 1 else "right",
        "library_draft": {
            p: {"waiting": len(state.queues[s]) if state.queues else 0,
                "front_size": len(state.queues[s][0][1]) if state.queues and state.queues[s]
                else 0,
                "picked": len(state.library.get(p, ())),
                "deadline": state.deadlines[s] if state.deadlines else None}
            for s, p in enumerate(names)},
    }

    def pool(p: str, everything: bool = False) -> dict[str, Any]:
        return {"crypt": list(state.crypt.pools.get(p, ())),
                "library": list(state.library.get(p, ()) if everything
                                else state.reviewable(p))}

    doc["own_picks"] = state.own_picks
    doc["replacements"] = [dict(r) for r in state.replacements]
    doc["abnormal_product"] = abnormal_product(state)
    if staff:
        doc["pools"] = {p: pool(p, everything=True) for p in names}
        doc["queues"] = {p: [{"id": i, "cards": list(c)} for i, c in state.queues[s]]
                         for s, p in enumerate(names)} if state.queues else {}
    elif player in names:
        doc["pools"] = {player: pool(player)}
        doc["library_picks_visible"] = state.library_visible(player)
        seat = names.index(player)
        front = state.front(seat)
        doc["pack"] = {"id": front[0], "cards": list(front[1])} if front else None
    return doc
