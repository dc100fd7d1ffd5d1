"""A store's league season: its weekly events between two days give each player points
by the store's table (points by final rank, plus attendance), the season's standings
(the best ``best_of`` events when set) and the season's final invitation list (the top
``invitations``). Players are known by their membership number, else by name.

Events: ``LeagueCreated`` {league_id, organizer_id, name, game, starts, ends, points,
attendance, best_of, invitations, at}."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Invalid
from ..events import Event
from .events import LeagueCreated


@dataclass(frozen=True)
class CreateLeague:
    league_id: str
    organizer_id: str
    name: str
    game: str
    starts: str
    ends: str
    points: dict[str, int]
    attendance: int
    best_of: int | None
    invitations: int
    now: str


@dataclass(frozen=True)
class LeagueState:
    league: dict[str, Any] | None = None


def decide(cmd: Any, state: LeagueState) -> list[Event]:
    if not isinstance(cmd, CreateLeague):
        unknown_command("league", cmd)
    if state.league is not None:
        raise Conflict("the league exists", code="league_exists")
    if cmd.ends < cmd.starts:
        raise Invalid("the season ends after it starts", {"starts": cmd.starts,
                      "ends": cmd.ends}, code="invalid_league")
    bad = [k for k in cmd.points if not k.isdigit() or int(k) < 1]
    if bad:
        raise Invalid("points are given by final rank (1, 2, ...)", {"ranks": bad},
                      code="invalid_league")
    return [LeagueCreated(league_id=cmd.league_id, organizer_id=cmd.organizer_id,
                          name=cmd.name, game=cmd.game, starts=cmd.starts, ends=cmd.ends,
                          points=dict(cmd.points), attendance=cmd.attendance,
                          best_of=cmd.best_of, invitations=cmd.invitations, at=cmd.now)]


def evolve(state: LeagueState, event: Event) -> LeagueState:
    if isinstance(event, LeagueCreated):
        return LeagueState(league=dict(event.data))
    return state


def player_key(row: dict[str, Any]) -> str:
    return row.get("member_id") or f"name:{(row.get('name') or '').strip().lower()}"


def standings(league: dict[str, Any], events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``events``: [{tournament_id, date, rows: [{rank, member_id, name}]}] of the
    season. Each player's points per event (the table's points for their final rank,
    plus attendance), their best ``best_of`` events counted; best first, equal totals
    sharing a rank, then by key."""
    per: dict[str, dict[str, Any]] = {}
    for ev in sorted(events, key=lambda e: (e["date"], e["tournament_id"])):
        for row in ev["rows"]:
            key = player_key(row)
            points = league["attendance"] + league["points"].get(str(row["rank"]), 0)
            me = per.setdefault(key, {"player": key, "member_id": row.get("member_id"),
                                      "name": row.get("name"), "events": []})
            me["name"] = row.get("name") or me["name"]
            me["events"].append({"tournament_id": ev["tournament_id"], "date": ev["date"],
                                 "rank": row["rank"], "points": points})
    rows = []
    for me in per.values():
        ranked = sorted(me["events"], key=lambda e: (-e["points"], e["date"]))
        counted = ranked[:league["best_of"]] if league["best_of"] else ranked
        rows.append({**me, "points": sum(e["points"] for e in counted),
                     "counted": len(counted)})
    rows.sort(key=lambda r: (-r["points"], r["player"]))
    rank = 0
    for i, row in enumerate(rows):
        if i == 0 or row["points"] != rows[i - 1]["points"]:
            rank = i + 1
        row["rank"] = rank
    return rows

from .aggregate import LEAGUE as LEAGUE  # noqa: E402, F401  (declared once, in aggregate.py)
