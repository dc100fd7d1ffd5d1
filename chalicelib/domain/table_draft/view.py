"""What a viewer may see of a table draft. The table, the pick order and each player's
most recent pick of the current set are public (7.7); the face-down packs are seen by
nobody but staff (their counts, abnormal ones and the replacements of 7.2.5 are public);
a player sees their own pool, staff see every pool."""
from __future__ import annotations

from typing import Any

from .replacement import abnormal_packs
from .state import TableDraftState


def view(state: TableDraftState, *, player: str | None = None,
         staff: bool = False) -> dict[str, Any]:
    names = state.players
    doc = {
        "status": state.status,
        "pod": state.pod,
        "players": list(names),
        "pack": state.pack_no + 1 if state.status != "new" else None,
        "set": state.set_no,
        "active": names[state.active] if names else None,
        "picker": state.picker,
        "pick": state.picks + 1 if state.status == "drafting" else None,
        "pick_order": [names[s] for s in state.order],
        "turn": state.turn,
        "review_until": state.review_until,
        "deadline": state.deadline,
        "pick_seconds": state.pick_seconds,
        "table": [{"order": c["order"], "card": c["card"], "player": names[c["seat"]]}
                  for c in state.table],
        "latest": dict(state.latest),
        "picked": {p: len(state.pools.get(p, ())) for p in names},
        "face_down": {p: [len(rnd[s]) for rnd in state.packs] for s, p in enumerate(names)},
        "replacements": [dict(r) for r in state.replacements],
        "abnormal_packs": abnormal_packs(state),
    }
    if staff:
        doc["pools"] = {p: list(state.pools.get(p, ())) for p in names}
        doc["packs"] = {p: [list(rnd[s]) for rnd in state.packs] for s, p in enumerate(names)}
    elif player in names:
        doc["pools"] = {player: list(state.pools.get(player, ()))}
    return doc
