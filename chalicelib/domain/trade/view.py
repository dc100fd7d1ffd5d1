"""What a viewer may see of a trading pod. Face-up stock cards are public to the pod
(its players and staff); a face-down card is known to its holder; everyone else sees
only the turn and the counts. Libraries, crypts and sideboards: the owner and staff."""
from __future__ import annotations

from typing import Any

from .state import TradePodState


def view(state: TradePodState, *, player: str | None = None, staff: bool = False) -> dict[str, Any]:
    member = staff or player in state.players
    doc: dict[str, Any] = {
        "status": state.status,
        "pod": state.pod,
        "players": list(state.players),
        "turn": state.turn,
        "active": state.active_player,
        "declined": sorted(state.declined),
        "offer": dict(state.offer) if state.offer and member else (
            {"target": state.offer["target"]} if state.offer else None),
        "trades": state.trades,
        "face_up_counts": {p: len(state.face_up(p)) for p in state.players},
        "crypt_completed": sorted(state.crypt_done),
    }
    if member:
        doc["stock"] = {
            p: [{"slot": i, "face_up": up,
                 "card": card if up or staff or p == player else None}
                for i, (card, up) in enumerate(state.stock.get(p, ()))]
            for p in state.players}
    owners = list(state.players) if staff else [player] if player in state.players else []
    if owners:
        doc["decks"] = {}
        for p in owners:
            deck = state.decks.get(p, {})
            doc["decks"][p] = {
                "library": list(deck.get("library", [])),
                "crypt": list(state.crypt_done.get(p, deck.get("crypt", []))),
                "sideboard": list(deck.get("sideboard", [])),
                "library_size": len(deck.get("library", [])) + (
                    len(state.stock.get(p, ())) if p in state.crypt_done else 0),
                "crypt_size": len(state.crypt_done.get(p, deck.get("crypt", []))),
            }
    return doc
