"""Deck views of a tournament: the public status (deadline, publication, checks) in one
small document, one document per player (pool recorded, decks registered, the active
one) and, served only once published (V:EKN 1.6), one decklist document per player: each
grows with its own player, never with the field."""
from __future__ import annotations

from typing import Any

from ..domain.decks import events as ev
from ..domain.events import Event
from .queries.decks import (
    list_doc_id,
    player_doc_id,
    view_id,
)
from .registry import Projection, Stored, ViewTx

projection = Projection("decks")


def _tid(event: Stored[Event]) -> str:
    return event.stream_id.split("-", 1)[1]


def _get(tx: ViewTx, tid: str) -> dict[str, Any]:
    return dict(tx.get(view_id(tid)) or {
        "tournament_id": tid, "open": False, "deadline": None, "published": False,
        "published_at": None, "multi_deck": False, "registered": 0, "checks": 0,
        "discrepancies": 0})


def _put(tx: ViewTx, tid: str, view: dict[str, Any]) -> None:
    tx.put(view_id(tid), view, kind="decks")


def _player(tx: ViewTx, tid: str, pid: str) -> dict[str, Any]:
    return dict(tx.get(player_doc_id(tid, pid)) or {
        "player_id": pid, "registered": False, "pool_recorded": False, "decks": {},
        "active": None, "reopened": False, "extended_until": None})


def _set_player(tx: ViewTx, tid: str, entry: dict[str, Any]) -> None:
    tx.put(player_doc_id(tid, entry["player_id"]), entry, kind=f"decks-players:{tid}",
           sort=entry["player_id"])


@projection.on(ev.DeckbuildingOpened)
def _opened(event: Stored[ev.DeckbuildingOpened], tx: ViewTx) -> None:
    tid = _tid(event)
    _put(tx, tid, {**_get(tx, tid), "open": True, "deadline": event.event.deadline,
                   "multi_deck": event.event.multi_deck, "game": event.event.game,
                   "format": event.event.format})


@projection.on(ev.DeckDeadlineExtended)
def _extended(event: Stored[ev.DeckDeadlineExtended], tx: ViewTx) -> None:
    tid = _tid(event)
    _put(tx, tid, {**_get(tx, tid), "deadline": event.event.deadline})


# the events about one player's deck
PlayerEvent = (ev.PoolRecorded | ev.DeckReopened | ev.PlayerDeadlineExtended
               | ev.ActiveDeckSwitched)


def _change_player(event: Stored[PlayerEvent], tx: ViewTx, **changes: Any) -> None:
    """The document of the event's ``player`` with ``changes``."""
    tid, pid = _tid(event), event.event.player
    _set_player(tx, tid, {**_player(tx, tid, pid), **changes})


@projection.on(ev.PoolRecorded)
def _pool(event: Stored[ev.PoolRecorded], tx: ViewTx) -> None:
    _change_player(event, tx, pool_recorded=True)


@projection.on(ev.DeckRegistered)
def _registered(event: Stored[ev.DeckRegistered], tx: ViewTx) -> None:
    tid, d = _tid(event), event.event
    view = _get(tx, tid)
    entry = _player(tx, tid, d.player)
    summary = {"label": d.label, "registered_at": d.registered_at, "version": d.version,
               "recursions": d.recursions, "sizes": d.sizes,
               "unverified": [u["code"] for u in d.unverified]}
    active = entry["active"] if entry["active"] and view["multi_deck"] else d.label
    if not entry["registered"]:
        _put(tx, tid, {**view, "registered": view.get("registered", 0) + 1})
    _set_player(tx, tid, {**entry, "registered": True, "reopened": False,
                          "decks": {**entry["decks"], d.label: summary}, "active": active})
    mine = dict((tx.get(list_doc_id(tid, d.player)) or {"decks": {}})["decks"])
    mine[d.label] = {"deck": d.deck, "recursions": d.recursions, "version": d.version}
    tx.put(list_doc_id(tid, d.player), {"player_id": d.player, "decks": mine},
           kind=f"decklists:{tid}", sort=d.player)


@projection.on(ev.DeckReopened)
def _reopened(event: Stored[ev.DeckReopened], tx: ViewTx) -> None:
    _change_player(event, tx, reopened=True)


@projection.on(ev.PlayerDeadlineExtended)
def _player_extended(event: Stored[ev.PlayerDeadlineExtended], tx: ViewTx) -> None:
    _change_player(event, tx, extended_until=event.event.deadline)


@projection.on(ev.ActiveDeckSwitched)
def _switched(event: Stored[ev.ActiveDeckSwitched], tx: ViewTx) -> None:
    _change_player(event, tx, active=event.event.label)


@projection.on(ev.DecklistsPublished)
def _published(event: Stored[ev.DecklistsPublished], tx: ViewTx) -> None:
    tid = _tid(event)
    _put(tx, tid, {**_get(tx, tid), "published": True, "published_at": event.event.at})


@projection.on(ev.DeckCheckRecorded)
def _checked(event: Stored[ev.DeckCheckRecorded], tx: ViewTx) -> None:
    tid = _tid(event)
    view = _get(tx, tid)
    _put(tx, tid, {**view, "checks": view["checks"] + 1,
                   "discrepancies": view["discrepancies"] + (0 if event.event.matches else 1)})


