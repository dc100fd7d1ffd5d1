"""Deck views of a tournament: the public status (who registered, deadline, recursions)
and, in a separate document served only once published (V:EKN 1.6), the decklists."""
from __future__ import annotations

from typing import Any

from ..store.ports import StoredEvent
from .registry import Projection, ViewTx

projection = Projection("decks")


def view_id(tid: str) -> str:
    return f"decks:{tid}"


def lists_id(tid: str) -> str:
    return f"decks:{tid}:lists"


def _tid(event: StoredEvent) -> str:
    return event.stream_id.split("-", 1)[1]


def _get(tx: ViewTx, tid: str) -> dict[str, Any]:
    return dict(tx.get(view_id(tid)) or {
        "tournament_id": tid, "open": False, "deadline": None, "published": False,
        "published_at": None, "multi_deck": False, "players": {}, "checks": 0,
        "discrepancies": 0})


def _put(tx: ViewTx, tid: str, view: dict[str, Any]) -> None:
    tx.put(view_id(tid), view, kind="decks")


def _player(view: dict[str, Any], pid: str) -> dict[str, Any]:
    return dict(view["players"].get(pid) or {
        "player_id": pid, "registered": False, "pool_recorded": False, "decks": {},
        "active": None, "reopened": False, "extended_until": None})


def _set_player(tx: ViewTx, tid: str, view: dict[str, Any], entry: dict[str, Any]) -> None:
    _put(tx, tid, {**view, "players": {**view["players"], entry["player_id"]: entry}})


@projection.on("DeckbuildingOpened")
def _opened(event: StoredEvent, tx: ViewTx) -> None:
    tid = _tid(event)
    _put(tx, tid, {**_get(tx, tid), "open": True, "deadline": event.data["deadline"],
                   "multi_deck": event.data["multi_deck"], "game": event.data["game"],
                   "format": event.data["format"]})


@projection.on("DeckDeadlineExtended")
def _extended(event: StoredEvent, tx: ViewTx) -> None:
    tid = _tid(event)
    _put(tx, tid, {**_get(tx, tid), "deadline": event.data["deadline"]})


@projection.on("PoolRecorded")
def _pool(event: StoredEvent, tx: ViewTx) -> None:
    tid = _tid(event)
    view = _get(tx, tid)
    _set_player(tx, tid, view, {**_player(view, event.data["player"]), "pool_recorded": True})


@projection.on("DeckRegistered")
def _registered(event: StoredEvent, tx: ViewTx) -> None:
    tid, d = _tid(event), event.data
    view = _get(tx, tid)
    entry = _player(view, d["player"])
    summary = {"label": d["label"], "registered_at": d["registered_at"],
               "version": d["version"], "recursions": d["recursions"], "sizes": d["sizes"],
               "unverified": [u["code"] for u in d.get("unverified", [])]}
    active = entry["active"] if entry["active"] and view["multi_deck"] else d["label"]
    _set_player(tx, tid, view, {**entry, "registered": True, "reopened": False,
                                "decks": {**entry["decks"], d["label"]: summary},
                                "active": active})
    lists = dict(tx.get(lists_id(tid)) or {"tournament_id": tid, "decks": {}})
    mine = {**lists["decks"].get(d["player"], {}), d["label"]: {
        "deck": d["deck"], "recursions": d["recursions"], "version": d["version"]}}
    tx.put(lists_id(tid), {**lists, "decks": {**lists["decks"], d["player"]: mine}},
           kind="decklists")


@projection.on("DeckReopened")
def _reopened(event: StoredEvent, tx: ViewTx) -> None:
    tid = _tid(event)
    view = _get(tx, tid)
    _set_player(tx, tid, view, {**_player(view, event.data["player"]), "reopened": True})


@projection.on("PlayerDeadlineExtended")
def _player_extended(event: StoredEvent, tx: ViewTx) -> None:
    tid = _tid(event)
    view = _get(tx, tid)
    _set_player(tx, tid, view, {**_player(view, event.data["player"]),
                                "extended_until": event.data["deadline"]})


@projection.on("ActiveDeckSwitched")
def _switched(event: StoredEvent, tx: ViewTx) -> None:
    tid = _tid(event)
    view = _get(tx, tid)
    _set_player(tx, tid, view, {**_player(view, event.data["player"]),
                                "active": event.data["label"]})


@projection.on("DecklistsPublished")
def _published(event: StoredEvent, tx: ViewTx) -> None:
    tid = _tid(event)
    _put(tx, tid, {**_get(tx, tid), "published": True, "published_at": event.data["at"]})


@projection.on("DeckCheckRecorded")
def _checked(event: StoredEvent, tx: ViewTx) -> None:
    tid = _tid(event)
    view = _get(tx, tid)
    _put(tx, tid, {**view, "checks": view["checks"] + 1,
                   "discrepancies": view["discrepancies"] + (0 if event.data["matches"] else 1)})


def public_view(view: dict[str, Any], lists: dict[str, Any] | None) -> dict[str, Any]:
    """The status for everyone; with the decklists once the organizer has published."""
    players = [{**entry, "decks": [deck for _, deck in sorted(entry["decks"].items())]}
               for _, entry in sorted(view["players"].items())]
    out = {**view, "players": players, "decklists": None}
    if view["published"]:
        decks = (lists or {}).get("decks", {})
        out["decklists"] = [
            {"player_id": pid, "active": view["players"].get(pid, {}).get("active"),
             "decks": [{"label": label, **entry} for label, entry in sorted(mine.items())]}
            for pid, mine in sorted(decks.items())]
    return out
