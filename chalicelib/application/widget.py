"""The store-website widget's data: a public tournament's current seating, pairings or
pods, the round's clock and the standings, as ``GET /tournaments/{tid}/live`` shows them
(the route adds the ETag that lets browsers and CDNs revalidate)."""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from ..domain.errors import NotFound
from ..domain.tournament import TournamentState
from ..projections import swiss
from ..projections.tournaments import all_players, summary_id
from ..projections.widget import clock_id
from . import play_views, tournament
from .reads import Reads

STANDINGS_SHOWN = 100
VEKN_ROUND_MINUTES = 120     # V:EKN 3.1.1: rounds last at least two hours


def _plus_minutes(at: str | None, minutes: int | None) -> str | None:
    if at is None or minutes is None:
        return None
    return (datetime.fromisoformat(at) + timedelta(minutes=minutes)).isoformat()


def _vp(halves: int | None) -> float | int | None:
    if halves is None:
        return None
    return halves // 2 if halves % 2 == 0 else halves / 2


def _tables_live(views: Any, t: TournamentState, names: dict[str, str]) -> tuple[Any, Any]:
    index, docs = play_views.tables_rounds(views, t.id)
    if not index or not index.get("rounds") or not docs:
        return None, None
    clock = views.get(clock_id(t.id)) or {}
    settings = t.section("tables")
    minutes = settings.get("round_minutes") or VEKN_ROUND_MINUTES
    final = index.get("final")
    if final and final.get("seating"):
        result = {r["player"]: r["vp_halves"] for r in final.get("result") or []}
        started = clock.get("started_at") if clock.get("final") else None
        current = {"kind": "final", "number": None, "started_at": started,
                   "ends_at": _plus_minutes(started, settings.get("final_minutes") or minutes),
                   "tables": [{"table": 1, "reported": bool(result), "seats": [
                       {"seat": i, "player_id": p, "name": names.get(p),
                        "vp": _vp(result.get(p))}
                       for i, p in enumerate(final["seating"], start=1)]}],
                   "sitting_out": []}
    else:
        doc = docs[-1]
        started = clock.get("started_at") if clock.get("round") == doc["round"] else None
        current = {"kind": "tables", "number": doc["round"], "started_at": started,
                   "ends_at": _plus_minutes(started, minutes),
                   "tables": [{"table": table["table"], "reported": table["result"] is not None,
                               "seats": [{"seat": s["seat"], "player_id": s["player_id"],
                                          "name": names.get(s["player_id"]),
                                          "vp": _seat_vp(table, s["player_id"])}
                                         for s in table["seats"]]}
                              for table in doc["tables"]],
                   "sitting_out": [names.get(p, p) for p in doc.get("sitting_out", [])]}
    rows = play_views.table_standings(t, docs)
    standings = {"scoring": "vtes-tables", "rows": [
        {"rank": r["rank"], "player_id": r["player"], "name": names.get(r["player"]),
         "gw": r["gw"], "vp": _vp(r["vp_halves"]), "tp": r["tp"]}
        for r in rows[:STANDINGS_SHOWN]]}
    return current, standings


def _seat_vp(table: dict[str, Any], pid: str) -> float | int | None:
    for row in table.get("result") or []:
        if row["player_id"] == pid:
            return _vp(row["vp_halves"])
    return None


def _who(pid: str | None, names: dict[str, str]) -> dict[str, Any] | None:
    return None if pid is None else {"player_id": pid, "name": names.get(pid)}


def _matches(matches: list[dict[str, Any]], names: dict[str, str]) -> list[dict[str, Any]]:
    """A Swiss round's or a top-cut round's matches as the widget shows them."""
    return [{"table": m.get("table"), "a": _who(m["a"], names), "b": _who(m["b"], names),
             "score": m.get("score"), "status": m.get("status")} for m in matches]


def _swiss_live(views: Any, tid: str, names: dict[str, str]) -> tuple[Any, Any]:
    overview = play_views.swiss_overview(views, tid)
    if not overview or not overview.get("rounds_paired"):
        return None, None
    number = overview.get("current_round") or overview["rounds_paired"]
    doc = swiss.full_round(views, tid, number) or {"matches": [], "bye": None}
    current = {"kind": "swiss", "number": number, "started_at": None,
               "ends_at": doc.get("ends_at"), "matches": _matches(doc["matches"], names),
               "bye": _who(doc.get("bye"), names)}
    bracket = views.get(swiss.bracket_id(tid)) if overview.get("top_cut") else None
    if bracket:
        live = next((r for r in bracket["rounds"]
                     if any(m.get("status") != "final" for m in r["matches"])),
                    bracket["rounds"][-1])
        current = {"kind": "top-cut", "number": live["round"], "started_at": None,
                   "ends_at": None, "bye": None, "matches": _matches(live["matches"], names)}
    latest = play_views.latest_standings(views, tid, overview["rounds_paired"])
    standings = None if latest is None else {"scoring": "swiss", "rows": [
        {"rank": r["rank"], "player_id": r["player_id"], "name": names.get(r["player_id"]),
         "points": r["points"], "wins": r["wins"], "losses": r["losses"], "draws": r["draws"]}
        for r in latest["rows"][:STANDINGS_SHOWN]]}
    return current, standings


def _ffa_live(views: Any, tid: str, names: dict[str, str]) -> tuple[Any, Any]:
    """Free-for-all pods (MTG 905.3): each reported pod's places, winner first."""
    doc = play_views.ffa(views, tid)
    if not doc or not doc.get("pods"):
        return None, None
    current = {"kind": "ffa", "number": 1, "started_at": None, "ends_at": None,
               "tables": [{"table": p["pod"], "reported": True, "seats": [
                   {"seat": r["place"], "player_id": r["player"], "name": names.get(r["player"]),
                    "vp": None} for r in p["places"]]} for p in doc["pods"]],
               "sitting_out": []}
    standings = {"scoring": "free-for-all", "rows": [
        {"rank": r["rank"], "player_id": r["player"], "name": names.get(r["player"]),
         "pod": r["pod"], "place": r["place"], "outlasted": r["outlasted"]}
        for r in doc.get("standings", [])[:STANDINGS_SHOWN]]}
    return current, standings


def _summary(reads: Reads, tid: str) -> dict[str, Any]:
    summary = reads.views.get(summary_id(tournament.checked_tid(tid)))
    if summary is None:
        raise NotFound(f"no tournament {tid!r}")
    return summary


def require_public(reads: Reads, tid: str) -> None:
    """404 unless the tournament's public summary is there (the widget's page)."""
    _summary(reads, tid)


def live(reads: Reads, tid: str) -> dict[str, Any]:
    """What the widget shows of the tournament now (public)."""
    summary = _summary(reads, tid)
    t = tournament.load(reads, tid)
    views = reads.views
    names = {p["player_id"]: p["name"] for p in all_players(views, tid)}
    current, standings = _tables_live(views, t, names)
    if current is None:
        current, standings = _swiss_live(views, tid, names)
    if current is None:
        current, standings = _ffa_live(views, tid, names)
    return {"tournament_id": tid, "name": summary["name"], "game": summary["game"],
            "format": summary["format"], "structure": summary["structure"],
            "status": summary["status"], "players": summary["players"]["active"],
            "round": current, "standings": standings}


