"""Public tournament views: the list, each summary, the player list, and the index of a
tournament's streams (for the organizer's event log)."""
from __future__ import annotations

import re
from typing import Any

from ..store.ports import StoredEvent
from .registry import Projection, ViewTx

projection = Projection("tournaments")


def summary_id(tid: str) -> str:
    return f"tournament:{tid}"


def players_id(tid: str) -> str:
    return f"tournament:{tid}:players"


def stream_entry_id(tid: str, stream_id: str) -> str:
    return f"tournament:{tid}:stream:{stream_id}"


def streams_kind(tid: str) -> str:
    return f"tournament-streams:{tid}"


def tournament_streams(views, tid: str) -> list[str]:
    """Every stream of the tournament seen so far, in order of its first event."""
    return [v.doc["stream_id"] for v in views.list(streams_kind(tid), limit=100_000)]


_TOURNAMENT_STREAM = re.compile(r"^[a-z]+-(t[0-9a-f]{12})(-[0-9a-z-]+)?$")


def tournament_of_stream(stream_id: str) -> str | None:
    """Streams of a tournament are named ``<capability>-<tid>[-<n>]`` with a tournament id
    of the form ``t`` + 12 hex digits (token streams are 64 hex digits, never matched)."""
    match = _TOURNAMENT_STREAM.match(stream_id)
    return match.group(1) if match else None


def _counts(players: list[dict[str, Any]]) -> dict[str, int]:
    return {"registered": len(players),
            "active": sum(1 for p in players if p["status"] == "active"),
            "dropped": sum(1 for p in players if p["status"] == "dropped")}


def _save(tx: ViewTx, tid: str, summary: dict[str, Any]) -> None:
    tx.put(summary_id(tid), summary, kind="tournament", sort=f"{summary['created_at']}|{tid}")


def _tid(event: StoredEvent) -> str:
    return event.stream_id.split("-", 1)[1]


@projection.on("TournamentCreated")
def _created(event: StoredEvent, tx: ViewTx) -> None:
    d = event.data
    tid = d["tournament_id"]
    _save(tx, tid, {
        "tournament_id": tid, "name": d["name"], "game": d["game"], "format": d["format"],
        "structure": d["structure"], "organizer_id": d["organizer_id"],
        "status": "registration", "seed_sha256": d["seed_sha256"], "seed": None,
        "settings": d["settings"], "starts_at": d.get("starts_at"),
        "location": d.get("location"), "created_at": d["created_at"], "started_at": None,
        "finished_at": None, "incomplete": None, "players": _counts([]), "judges": []})
    tx.put(players_id(tid), {"tournament_id": tid, "players": []}, kind="players")


def _update_players(tx: ViewTx, tid: str, change) -> None:
    view = tx.get(players_id(tid))
    players = change(list(view["players"]))
    tx.put(players_id(tid), {"tournament_id": tid, "players": players}, kind="players")
    summary = dict(tx.get(summary_id(tid)))
    summary["players"] = _counts(players)
    _save(tx, tid, summary)


@projection.on("PlayerRegistered")
def _registered(event: StoredEvent, tx: ViewTx) -> None:
    d = event.data
    entry = {"player_id": d["player_id"], "name": d["name"], "member_id": d.get("member_id"),
             "status": "active", "late": d["late"], "registered_at": d["registered_at"],
             "dropped_at": None}
    _update_players(tx, _tid(event), lambda players: players + [entry])


@projection.on("PlayerRemoved")
def _removed(event: StoredEvent, tx: ViewTx) -> None:
    pid = event.data["player_id"]
    _update_players(tx, _tid(event), lambda players: [p for p in players if p["player_id"] != pid])


@projection.on("PlayerDropped")
def _dropped(event: StoredEvent, tx: ViewTx) -> None:
    if not event.stream_id.startswith("tournament-"):
        return      # the Swiss stream records the same drop under the same type name
    pid = event.data["player_id"]
    _update_players(tx, _tid(event), lambda players: [
        {**p, "status": "dropped", "dropped_at": event.data["at"]} if p["player_id"] == pid else p
        for p in players])


def _patch_summary(tx: ViewTx, tid: str, **fields: Any) -> None:
    _save(tx, tid, {**tx.get(summary_id(tid)), **fields})


@projection.on("SettingsChanged")
def _settings(event: StoredEvent, tx: ViewTx) -> None:
    _patch_summary(tx, _tid(event), settings=event.data["settings"])


@projection.on("JudgeAdded")
def _judge(event: StoredEvent, tx: ViewTx) -> None:
    tid = _tid(event)
    judges = tx.get(summary_id(tid))["judges"] + [
        {"judge_id": event.data["judge_id"], "name": event.data["name"]}]
    _patch_summary(tx, tid, judges=judges)


@projection.on("TournamentStarted")
def _started(event: StoredEvent, tx: ViewTx) -> None:
    _patch_summary(tx, _tid(event), status="running", started_at=event.data["at"])


@projection.on("TournamentFinished")
def _finished(event: StoredEvent, tx: ViewTx) -> None:
    _patch_summary(tx, _tid(event), status="finished", finished_at=event.data["at"],
                   seed=event.data["seed"], incomplete=event.data.get("incomplete"))


@projection.on("*")
def _stream_index(event: StoredEvent, tx: ViewTx) -> None:
    """Remember every stream a tournament has, when its first event arrives. One document
    per stream, written only by that stream (a shared list would lose concurrent updates)."""
    tid = tournament_of_stream(event.stream_id)
    if event.version != 1 or tid is None:
        return
    tx.put(stream_entry_id(tid, event.stream_id),
           {"tournament_id": tid, "stream_id": event.stream_id, "first_at": event.recorded_at},
           kind=streams_kind(tid), sort=f"{event.recorded_at}|{event.stream_id}")
