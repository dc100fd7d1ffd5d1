"""CSV renderings of a report: the full standings, and for V:TES the layout the V:EKN
archon tooling reads (one row per player)."""
from __future__ import annotations

from typing import Any

from .csv_cells import csv_text

# The archon tooling's seven columns, then (V:EKN 2.6) the player's standing warnings
# and whether they were disqualified, after them so positions do not move.
ARCHON_COLUMNS = ["rank", "name", "vekn", "gw", "vp", "tp", "finalist", "warnings",
                  "disqualified"]


def _rows(report: dict[str, Any]) -> list[dict[str, Any]]:
    if report["standings"] is not None:
        rows: list[dict[str, Any]] = report["standings"]["rows"]
        return rows
    return [{"rank": None, "player_id": p["player_id"], "name": p["name"],
             "member_id": p["member_id"]} for p in report["players"]]


def _cell(value: Any) -> Any:
    """A spreadsheet's cell: text or a number, never JSON (a list reads ``a; b``, an item
    of several fields ``key=value key=value``)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return " ".join(f"{k}={_cell(v)}" for k, v in sorted(value.items()) if v is not None)
    if isinstance(value, list):
        return "; ".join(str(_cell(v)) for v in value)
    return value


def _flat(row: dict[str, Any]) -> dict[str, Any]:
    """A standings row with each nested mapping spread into columns of its own
    (``record`` {"wins": 2} -> ``record_wins``)."""
    out: dict[str, Any] = {}
    for key, value in row.items():
        if isinstance(value, dict) and key != "tiebreakers":
            out.update({f"{key}_{k}": v for k, v in _flat(value).items()})
        else:
            out[key] = value
    return out


def standings_csv(report: dict[str, Any]) -> str:
    """Header then one row per player: the common columns first, then every scoring
    figure of the tournament's system (GW/VP/TP, or match points and tiebreakers), then
    the flags: placeholder member id, and whether (and why) the organizer ended the event
    before play was done (``incomplete`` yes/no, ``incomplete_reason``)."""
    rows = [_flat(row) for row in _rows(report)]
    placeholder = set(report["member_ids"]["placeholders"])
    common = ["rank", "player_id", "name", "member_id"]
    extra: list[str] = []
    for row in rows:
        for key in row:
            if key not in common and key not in extra and key != "tiebreakers":
                extra.append(key)
    declared = (report["standings"] or {}).get("tiebreakers") or []
    breakers = [b for b in declared if isinstance(b, str)
                and any(b in (row.get("tiebreakers") or {}) for row in rows)]
    for row in rows:
        for key in (row.get("tiebreakers") or {}):
            if key not in breakers:
                breakers.append(key)
    header = ["tournament_id", "date", "game", "format", "organizer_id", "organizer_name",
              *common, *extra,
              *[f"tiebreaker_{b}" for b in breakers], "placeholder_member_id",
              "incomplete", "incomplete_reason"]
    incomplete = report.get("incomplete")
    body = [[report["tournament_id"], report["date"], report["game"], report["format"],
             report["organizer_id"], _cell(report.get("organizer_name")),
             *[_cell(row.get(k)) for k in common], *[_cell(row.get(k)) for k in extra],
             *[_cell((row.get("tiebreakers") or {}).get(b)) for b in breakers],
             _cell(row["player_id"] in placeholder), _cell(incomplete is not None),
             _cell((incomplete or {}).get("reason"))] for row in rows]
    return csv_text([header, *body])


def archon_csv(report: dict[str, Any]) -> str:
    """rank, name, V:EKN number, GW, VP, TP, finalist (1/0), warnings, disqualified
    (1/0); VP with a decimal point
    for half points. Placeholder member ids are written as they were entered. The layout
    is fixed by the archon tooling: an event ended incomplete says so in the response's
    ``X-Podium-Incomplete`` header and in the JSON and full CSV reports."""
    standings = report["standings"] or {"rows": []}
    body = []
    for row in standings["rows"]:
        body.append([row["rank"], row.get("name") or "", row.get("member_id") or "",
                     row.get("gw", 0), row.get("vp", 0), row.get("tp", 0),
                     1 if row.get("finalist") else 0, row.get("warnings", 0),
                     1 if row.get("disqualified") else 0])
    return csv_text([ARCHON_COLUMNS, *body])
