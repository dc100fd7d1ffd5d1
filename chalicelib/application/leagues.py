"""Store leagues and seasons: an organizer's league over its finished events of one game
between two days, standings by the store's points table, and the invitation list."""
from __future__ import annotations

from typing import Any

from ..auth import Principal, require_role
from ..domain import leagues as lg
from ..domain.errors import NotFound
from ..projections.queries.reports import org_kind
from ..service import UnitOfWork
from . import reports, skill
from .reads import Reads
from .sources import each_view


def create(uow: UnitOfWork, actor: Principal, body: dict[str, Any]) -> dict[str, Any]:
    """The organizer opens a league season."""
    require_role(actor, "organizer")
    lid = uow.new_id("l")
    state, _ = uow.decide(lg.LEAGUE, lid, lg.CreateLeague(
        lid, actor.id, body["name"], body["game"], body["starts"], body["ends"],
        {str(k): v for k, v in body["points"].items()}, body["attendance"],
        body.get("best_of"), body["invitations"], uow.now.isoformat()))
    return _public(state.league or {})


def _public(league: dict[str, Any]) -> dict[str, Any]:
    return {k: league[k] for k in ("league_id", "organizer_id", "name", "game", "starts",
                                   "ends", "points", "attendance", "best_of", "invitations")}


def season(reads: Reads, lid: str) -> dict[str, Any]:
    """The season's events, standings and invitation list (public)."""
    state = reads.state(lg.LEAGUE, lid)
    league = state.league
    if league is None:
        raise NotFound(f"no league {lid}", code="league_not_found")
    now = reads.service.clock().isoformat()
    events = []
    for view in each_view(reads.views, org_kind(league["organizer_id"]), 200):
        doc = view.doc
        day = (doc.get("started_at") or doc.get("finished_at") or "")[:10]
        if doc.get("status") != "finished" or doc["game"] != league["game"] or \
                not league["starts"] <= day <= league["ends"]:
            continue
        report = reports.build_report(reads, doc["tournament_id"], now)
        if report is None or report.get("incomplete") or not report.get("standings"):
            continue
        events.append({"tournament_id": doc["tournament_id"], "name": doc["name"],
                       "date": day, "rows": [
                           {"rank": r["rank"], "member_id": r.get("member_id"),
                            "name": r.get("name")} for r in report["standings"]["rows"]],
                       "games": skill.games(report, _keys(report))})
    rows = lg.standings(league, events)
    played = [g for e in sorted(events, key=lambda e: (e["date"], e["tournament_id"]))
              for g in e["games"]]
    return {**_public(league),
            "events": [{k: e[k] for k in ("tournament_id", "name", "date")} for e in events],
            "standings": rows, "skill": skill.ratings(played),
            "invited": [r["player"] for r in rows if r["rank"] <= league["invitations"]]}


def _keys(report: dict[str, Any]) -> Any:
    """The season's key of each of the report's players."""
    by_id = {p["player_id"]: lg.player_key(p) for p in report["players"]}
    return lambda pid: by_id.get(pid, pid)
