"""Public tournament views: the list, each summary, one document per player (listed in
registration order, so registering costs the same at any field size), and the index of
a tournament's streams (for the organizer's event log)."""
from __future__ import annotations

import re
from typing import Any

from ..domain.events import Event
from ..domain.tournament import events as ev
from .queries.tournaments import player_id, players_kind, stream_entry_id, streams_kind, summary_id
from .registry import Projection, Stored, ViewTx

projection = Projection("tournaments")


def tournament_streams(views, tid: str) -> list[str]:
    """Every stream of the tournament seen so far, in order of its first event."""
    return [v.doc["stream_id"] for v in views.list(streams_kind(tid), limit=100_000)]


_TOURNAMENT_STREAM = re.compile(r"^[a-z]+-(t[0-9a-f]{12})(-[0-9a-z-]+)?$")


def tournament_of_stream(stream_id: str) -> str | None:
    """Streams of a tournament are named ``<capability>-<tid>[-<n>]`` with a tournament id
    of the form ``t`` + 12 hex digits (token streams are 64 hex digits, never matched)."""
    match = _TOURNAMENT_STREAM.match(stream_id)
    return match.group(1) if match else None


def _save(tx: ViewTx, tid: str, summary: dict[str, Any]) -> None:
    tx.put(summary_id(tid), summary, kind="tournament", sort=f"{summary['created_at']}|{tid}")


def _tid(event: Stored[Event]) -> str:
    return event.stream_id.split("-", 1)[1]


@projection.on(ev.TournamentCreated)
def _created(stored: Stored[ev.TournamentCreated], tx: ViewTx) -> None:
    e = stored.event
    tid = e.tournament_id
    _save(tx, tid, {
        "tournament_id": tid, "name": e.name, "game": e.game, "format": e.format,
        "structure": e.structure, "organizer_id": e.organizer_id,
        "status": "registration", "seed_sha256": e.seed_sha256, "seed": None,
        "settings": e.settings, "starts_at": e.starts_at, "location": e.location,
        "created_at": e.created_at, "started_at": None, "finished_at": None,
        "incomplete": None, "players": {"registered": 0, "active": 0, "dropped": 0},
        "judges": []})


def _count(tx: ViewTx, tid: str, **changes: int) -> None:
    summary = dict(tx.need(summary_id(tid)))
    counts = dict(summary["players"])
    for key, change in changes.items():
        counts[key] += change
    _save(tx, tid, {**summary, "players": counts})


@projection.on(ev.PlayerRegistered)
def _registered(stored: Stored[ev.PlayerRegistered], tx: ViewTx) -> None:
    e = stored.event
    tid = _tid(stored)
    tx.put(player_id(tid, e.player_id), {
        "player_id": e.player_id, "name": e.name, "member_id": e.member_id,
        "status": "active", "late": e.late, "registered_at": e.registered_at,
        "dropped_at": None}, kind=players_kind(tid), sort=f"{stored.version:010d}")
    _count(tx, tid, registered=1, active=1)


@projection.on(ev.PlayerRemoved)
def _removed(stored: Stored[ev.PlayerRemoved], tx: ViewTx) -> None:
    tid, pid = _tid(stored), stored.event.player_id
    doc = tx.need(player_id(tid, pid))
    tx.delete(player_id(tid, pid))
    _count(tx, tid, registered=-1, **({"active": -1} if doc["status"] == "active"
                                      else {"dropped": -1}))


@projection.on(ev.PlayerDropped)
def _dropped(stored: Stored[ev.PlayerDropped], tx: ViewTx) -> None:
    e = stored.event
    tid = _tid(stored)
    tx.patch(player_id(tid, e.player_id), {"status": "dropped", "dropped_at": e.at})
    _count(tx, tid, active=-1, dropped=1)


@projection.on(ev.PlayerReinstated)
def _reinstated(stored: Stored[ev.PlayerReinstated], tx: ViewTx) -> None:
    e = stored.event
    tid = _tid(stored)
    tx.patch(player_id(tid, e.player_id), {"status": "active", "dropped_at": None})
    _count(tx, tid, active=1, dropped=-1)


def _patch_summary(tx: ViewTx, tid: str, **fields: Any) -> None:
    _save(tx, tid, {**tx.need(summary_id(tid)), **fields})


@projection.on(ev.SettingsChanged)
def _settings(stored: Stored[ev.SettingsChanged], tx: ViewTx) -> None:
    _patch_summary(tx, _tid(stored), settings=stored.event.settings)


@projection.on(ev.JudgeAdded)
def _judge(stored: Stored[ev.JudgeAdded], tx: ViewTx) -> None:
    e = stored.event
    tid = _tid(stored)
    judges = tx.need(summary_id(tid))["judges"] + [{"judge_id": e.judge_id, "name": e.name}]
    _patch_summary(tx, tid, judges=judges)


@projection.on(ev.TournamentStarted)
def _started(stored: Stored[ev.TournamentStarted], tx: ViewTx) -> None:
    _patch_summary(tx, _tid(stored), status="running", started_at=stored.event.at)


@projection.on(ev.TournamentFinished)
def _finished(stored: Stored[ev.TournamentFinished], tx: ViewTx) -> None:
    e = stored.event
    _patch_summary(tx, _tid(stored), status="finished", finished_at=e.at, seed=e.seed,
                   incomplete=e.incomplete)


@projection.on("*")
def _stream_index(event: Stored[Event], tx: ViewTx) -> None:
    """Remember every stream a tournament has, when its first event arrives. One document
    per stream, written only by that stream (a shared list would lose concurrent updates)."""
    tid = tournament_of_stream(event.stream_id)
    if event.version != 1 or tid is None:
        return
    tx.put(stream_entry_id(tid, event.stream_id),
           {"tournament_id": tid, "stream_id": event.stream_id, "first_at": event.recorded_at},
           kind=streams_kind(tid), sort=f"{event.recorded_at}|{event.stream_id}")
