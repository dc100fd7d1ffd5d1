"""The documents of deck building, one function each: the phase, and a player's
registration (private: with the cards received, the pool and who registered, for the
player and staff only)."""
from __future__ import annotations

from typing import Any

from ..domain.decks.state import DecksState


def phase(tid: str, state: DecksState) -> dict[str, Any]:
    """The deck-building phase: open, deadline, publication and settings."""
    return {"tournament_id": tid, "open": state.opened, "deadline": state.deadline,
            "published": state.published, "multi_deck": state.multi_deck,
            "game": state.game, "format": state.format, "settings": state.settings}


def registration(tid: str, pid: str, state: DecksState, private: bool) -> dict[str, Any]:
    """A player's decks (in label order), the active one and their deadlines."""
    decks = state.decks.get(pid, {})
    out = {"tournament_id": tid, "player_id": pid, "active": state.active.get(pid),
           "published": state.published, "reopened": pid in state.reopened,
           "reopened_until": state.reopened.get(pid),
           "extended_until": state.extensions.get(pid),
           "decks": [_deck(record, private) for _, record in sorted(decks.items())]}
    if private:
        pool = state.pools.get(pid)
        out["pool"] = None if pool is None else {
            "cards": pool["cards"], "product": pool.get("product"),
            "recorded_at": pool["recorded_at"]}
    return out


def pool(tid: str, pid: str, state: DecksState) -> dict[str, Any]:
    """The pool recorded for ``pid`` (7.2.3), as recorded."""
    return {"tournament_id": tid, "player_id": pid, **state.pools[pid]}


def _deck(record: dict[str, Any], private: bool) -> dict[str, Any]:
    out = {key: record[key] for key in ("label", "deck", "limits", "recursions", "sizes",
                                        "registered_at", "version")}
    out["unverified"] = record.get("unverified", [])
    if private:
        out["received"] = record.get("received")
        out["registered_by"] = record["by"]
    return out
