"""The store-website widget: one snippet shows a public tournament's current seating or
pairings, the round's clock and the standings, refreshing itself.

Snippet::

    <div data-podium-tournament="t0123456789ab"></div>
    <script src="https://<id>.execute-api.<region>.amazonaws.com/api/v1/widget.js" async></script>

(the deployed stack's ``ApiBaseURL`` output + ``/widget.js``; API Gateway's stage is
``api``, the app's routes are under ``/v1``).

``/widget/{tid}`` is the same widget as a page (for an ``<iframe>``); both poll
``/tournaments/{tid}/live``, whose ETag lets browsers and CDNs revalidate for a 304."""
from __future__ import annotations

import functools
import hashlib
import json
import pathlib
from datetime import datetime, timedelta
from typing import Any

from chalice import Blueprint, Response

from ..domain.errors import NotFound
from ..domain.tables.ranking import standings as table_standings
from ..domain.tables.ranking import totals
from ..projections.tournaments import all_players, summary_id
from ..projections.widget import clock_id
from ..runtime import Runtime, runtime
from .http import json_route
from .reports import optional_projection
from .tournaments import checked_tid, load_tournament

bp = Blueprint(__name__)
STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"
LIVE_MAX_AGE = 5
STATIC_MAX_AGE = 300
STANDINGS_SHOWN = 100
VEKN_ROUND_MINUTES = 120     # V:EKN 3.1.1: rounds last at least two hours


@functools.lru_cache(maxsize=4)
def _static(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def _etag(payload: bytes) -> str:
    return '"' + hashlib.sha256(payload).hexdigest()[:32] + '"'


def _matches(header: str | None, etag: str) -> bool:
    if not header:
        return False
    tags = [t.strip() for t in header.split(",")]
    return "*" in tags or any(t.removeprefix("W/") == etag for t in tags)


def _cached(body: str, content_type: str, max_age: int) -> Response:
    """200 with an ETag, or 304 when the caller already holds this version."""
    etag = _etag(body.encode())
    headers = {"ETag": etag, "Cache-Control": f"public, max-age={max_age}",
               "Access-Control-Allow-Origin": "*",
               "Access-Control-Expose-Headers": "ETag, X-Request-Id"}
    request = bp.current_request
    if _matches(request.headers.get("if-none-match"), etag):
        return Response("", status_code=304, headers=headers)
    return Response(body, status_code=200, headers={**headers, "Content-Type": content_type})


def _plus_minutes(at: str | None, minutes: int | None) -> str | None:
    if at is None or minutes is None:
        return None
    return (datetime.fromisoformat(at) + timedelta(minutes=minutes)).isoformat()


def _vp(halves: int | None) -> float | int | None:
    if halves is None:
        return None
    return halves // 2 if halves % 2 == 0 else halves / 2


def _tables_live(rt: Runtime, tid: str, tournament, names: dict[str, str]) -> tuple[Any, Any]:
    tables = optional_projection("tables")
    index = rt.views.get(tables.index_id(tid)) if tables else None
    if not index or not index.get("rounds"):
        return None, None
    docs = [tables.full_round(rt.views, tid, r["round"]) for r in index["rounds"]]
    docs = [doc for doc in docs if doc is not None]
    clock = rt.views.get(clock_id(tid)) or {}
    settings = dict(tournament.settings.get("tables", {})) if tournament.settings else {}
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
                   "tables": [{"table": t["table"], "reported": t["result"] is not None,
                               "seats": [{"seat": s["seat"], "player_id": s["player_id"],
                                          "name": names.get(s["player_id"]),
                                          "vp": _seat_vp(t, s["player_id"])}
                                         for s in t["seats"]]}
                              for t in doc["tables"]],
                   "sitting_out": [names.get(p, p) for p in doc.get("sitting_out", [])]}
    results = [{r["player_id"]: {"gw": r["gw"], "vp_halves": r["vp_halves"], "tp": r["tp"]}
                for r in t["result"]} for doc in docs for t in doc["tables"] if t["result"]]
    active = [p.id for p in tournament.active_players()]
    rows = table_standings(totals(results), tournament.seed, eligible=active)
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


def _swiss_live(rt: Runtime, tid: str, names: dict[str, str]) -> tuple[Any, Any]:
    swiss = optional_projection("swiss")
    overview = rt.views.get(swiss.overview_id(tid)) if swiss else None
    if not overview or not overview.get("rounds_paired"):
        return None, None
    number = overview.get("current_round") or overview["rounds_paired"]
    doc = swiss.full_round(rt.views, tid, number) or {"matches": [], "bye": None}
    current = {"kind": "swiss", "number": number, "started_at": None,
               "ends_at": doc.get("ends_at"),
               "matches": [{"table": m["table"], "a": _who(m["a"], names),
                            "b": _who(m["b"], names), "score": m.get("score"),
                            "status": m.get("status")} for m in doc["matches"]],
               "bye": _who(doc.get("bye"), names)}
    bracket = rt.views.get(swiss.bracket_id(tid)) if overview.get("top_cut") else None
    if bracket:
        live = next((r for r in bracket["rounds"]
                     if any(m.get("status") != "final" for m in r["matches"])),
                    bracket["rounds"][-1])
        current = {"kind": "top-cut", "number": live["round"], "started_at": None,
                   "ends_at": None, "bye": None,
                   "matches": [{"table": m.get("table"), "a": _who(m["a"], names),
                                "b": _who(m["b"], names), "score": m.get("score"),
                                "status": m.get("status")} for m in live["matches"]]}
    standings = None
    for n in range(overview["rounds_paired"], 0, -1):
        doc = swiss.full_standings(rt.views, tid, n)
        if doc is not None:
            standings = {"scoring": "swiss", "rows": [
                {"rank": r["rank"], "player_id": r["player_id"],
                 "name": names.get(r["player_id"]), "points": r["points"], "wins": r["wins"],
                 "losses": r["losses"], "draws": r["draws"]}
                for r in doc["rows"][:STANDINGS_SHOWN]]}
            break
    return current, standings


def _ffa_live(rt: Runtime, tid: str, names: dict[str, str]) -> tuple[Any, Any]:
    """Free-for-all pods (MTG 905.3): each reported pod's places, winner first."""
    tables = optional_projection("tables")
    doc = rt.views.get(tables.ffa_id(tid)) if tables and hasattr(tables, "ffa_id") else None
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


def live_view(rt: Runtime, tid: str) -> dict[str, Any]:
    summary = rt.views.get(summary_id(tid))
    if summary is None:
        raise NotFound(f"no tournament {tid!r}")
    tournament = load_tournament(rt, tid)
    names = {p["player_id"]: p["name"] for p in all_players(rt.views, tid)}
    current, standings = _tables_live(rt, tid, tournament, names)
    if current is None:
        current, standings = _swiss_live(rt, tid, names)
    if current is None:
        current, standings = _ffa_live(rt, tid, names)
    return {"tournament_id": tid, "name": summary["name"], "game": summary["game"],
            "format": summary["format"], "structure": summary["structure"],
            "status": summary["status"], "players": summary["players"]["active"],
            "round": current, "standings": standings}


@json_route(bp, "/tournaments/{tid}/live", methods=["GET"])
def live(tid):
    doc = live_view(runtime(), checked_tid(tid))
    body = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return _cached(body, "application/json", LIVE_MAX_AGE)


@json_route(bp, "/widget.js", methods=["GET"])
def widget_script():
    return _cached(_static("widget.js"), "text/javascript; charset=utf-8", STATIC_MAX_AGE)


@json_route(bp, "/widget/{tid}", methods=["GET"])
def widget_page(tid):
    checked_tid(tid)
    if runtime().views.get(summary_id(tid)) is None:
        raise NotFound(f"no tournament {tid!r}")
    page = _static("widget.html").replace("{{TOURNAMENT_ID}}", tid)
    return _cached(page, "text/html; charset=utf-8", STATIC_MAX_AGE)
