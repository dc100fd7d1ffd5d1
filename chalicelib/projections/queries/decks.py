"""The read side of ``projections/decks.py``: the ids of its view documents and
the readers the use cases call (the handlers writing them stay in that module)."""
from __future__ import annotations

from typing import Any


def view_id(tid: str) -> str:
    return f"decks:{tid}"


def player_doc_id(tid: str, pid: str) -> str:
    return f"decks:{tid}:player:{pid}"


def list_doc_id(tid: str, pid: str) -> str:
    return f"decks:{tid}:list:{pid}"


def player_entries(views: Any, tid: str, pids: list[str]) -> list[dict[str, Any]]:
    """The deck status of each of ``pids`` (in that order), decks sorted by label."""
    docs = views.get_many([player_doc_id(tid, p) for p in pids])
    out = []
    for pid in pids:
        entry = docs.get(player_doc_id(tid, pid)) or {
            "player_id": pid, "registered": False, "pool_recorded": False, "decks": {},
            "active": None, "reopened": False, "extended_until": None}
        out.append({**entry, "decks": [deck for _, deck in sorted(entry["decks"].items())]})
    return out


def decklists(views: Any, tid: str, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The published decklists of the registered players among ``entries``."""
    registered = [e for e in entries if e["registered"]]
    docs = views.get_many([list_doc_id(tid, e["player_id"]) for e in registered])
    return [{"player_id": e["player_id"], "active": e["active"],
             "decks": [{"label": label, **deck} for label, deck in
                       sorted(docs[list_doc_id(tid, e["player_id"])]["decks"].items())]}
            for e in registered if list_doc_id(tid, e["player_id"]) in docs]


def public_view(views: Any, tid: str, pids: list[str]) -> dict[str, Any] | None:
    """The status for everyone with the entries of ``pids``; their decklists once the
    organizer has published (None before)."""
    view = views.get(view_id(tid))
    if view is None:
        return None
    entries = player_entries(views, tid, pids)
    return {**view, "players": entries,
            "decklists": decklists(views, tid, entries) if view["published"] else None}
