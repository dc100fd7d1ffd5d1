"""The standings of the league aggregate (stream ``league-<lid>``)."""
from __future__ import annotations

from typing import Any


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
