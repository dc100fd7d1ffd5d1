"""The ledger's record of one event: what a federation's report says, in one shape for
events run on Podium and events imported from elsewhere, and what of it counts.

A record is plain JSON: ``event_id``, ``source`` (podium | imported), ``name``, ``date``
(YYYY-MM-DD, the day it started), ``group`` (constructed | limited: Appendix A's two
rating groups), ``tier``, ``open``, ``country``, ``city``, ``continent``,
``set_restricted``, ``incomplete``, ``finished_at``, ``reported_at`` (when the federation
received the report), ``officials`` (member numbers of its organizer and judges, when
known) and ``players``: one entry per player with ``member_id``, ``name``, ``gw``
(preliminary game wins), ``vp_halves`` (preliminary VP, in half points), ``final_vp_halves``,
``standing`` (winner | finalist | None), ``played`` (a round at least), ``warnings``,
``disqualified`` and ``penalties``."""
from __future__ import annotations

from datetime import date
from typing import Any

from ..profiles.event_tier import SANCTIONED_TIERS
from ..reports.member_ids import is_placeholder, temporary_numbers

GROUPS = ("constructed", "limited")
DUE_DAYS = 8           # V:EKN 9.2
VALID_DAYS = 30        # 9.3: received within thirty days; 9.4: later ones may be invalidated


def reporting(record: dict[str, Any]) -> str:
    """``on_time`` (9.2), ``late`` (received within thirty days: 9.3 "without penalty"),
    ``invalid`` (received later: 9.4)."""
    end = date.fromisoformat((record.get("finished_at") or record["date"])[:10])
    days = (date.fromisoformat(record["reported_at"][:10]) - end).days
    if days <= DUE_DAYS:
        return "on_time"
    return "late" if days <= VALID_DAYS else "invalid"


def exclusions(record: dict[str, Any], invalidated: bool = False) -> list[str]:
    """Why the event's results are not rated (empty: they are): ``invalidated`` by the
    federation or ``reported_after_thirty_days`` (9.4: an invalid event never counts),
    ``not_sanctioned`` (a casual or store event), ``set_restricted`` (6.1.1 note),
    ``incomplete`` (ended before play was done), ``temporary_numbers`` (a player who
    played has a temporary number, a name or a placeholder: 9.6, the rule the federation
    report's ``ratings_eligible`` applies)."""
    out = []
    if invalidated:
        out.append("invalidated")
    if reporting(record) == "invalid":
        out.append("reported_after_thirty_days")
    if record.get("tier") not in SANCTIONED_TIERS:
        out.append("not_sanctioned")
    if record.get("set_restricted"):
        out.append("set_restricted")
    if record.get("incomplete"):
        out.append("incomplete")
    if temporary_numbers("vtes", ((p.get("member_id"), p.get("played", True))
                                  for p in record["players"])):
        out.append("temporary_numbers")
    return out


def temporary(member_id: str | None) -> bool:
    """No V:EKN number (9.6): the player gets no ledger entry of their own."""
    return is_placeholder("vtes", member_id)


def size(record: dict[str, Any]) -> int:
    """Players who played a round: the event's size for the finalists' bonus."""
    return sum(1 for p in record["players"] if p.get("played", True))


def _standing(row: dict[str, Any], final: dict[str, int]) -> str | None:
    if not row.get("finalist"):
        return None
    return "winner" if final.get(row["player_id"]) == 1 else "finalist"


def from_report(report: dict[str, Any], event: dict[str, Any], reported_at: str,
                officials: list[str]) -> dict[str, Any]:
    """The record of a finished V:TES tournament run on Podium, from its federation
    report and its ``event`` settings (tier, open, place). Podium runs limited formats."""
    rows = (report.get("standings") or {}).get("rows") or []
    result = ((report.get("final") or {}).get("result")) or []
    final_rank = {r["player_id"]: r["rank"] for r in result}
    final_vp = {r["player_id"]: r["vp_halves"] for r in result}
    penalties: dict[str, list[dict[str, Any]]] = {}
    for p in report.get("penalties") or []:
        penalties.setdefault(p.get("player_id"), []).append(
            {k: p.get(k) for k in ("kind", "infraction", "reason", "round", "at")})
    players = []
    for row in rows:
        pid = row["player_id"]
        players.append({
            "member_id": row.get("member_id"), "name": row.get("name"),
            "gw": row.get("gw") or 0, "vp_halves": row.get("vp_halves") or 0,
            "final_vp_halves": final_vp.get(pid, 0), "standing": _standing(row, final_rank),
            "played": bool(row.get("games")), "warnings": row.get("warnings", 0),
            "disqualified": bool(row.get("disqualified")),
            "penalties": penalties.get(pid, [])})
    return {"event_id": report["tournament_id"], "source": "podium", "name": report["name"],
            "date": report.get("date") or (report.get("finished_at") or "")[:10],
            "group": "limited", "tier": event["tier"], "open": event.get("open", True),
            "country": event.get("country"), "city": event.get("city"),
            "continent": event.get("continent"), "set_restricted": False,
            "incomplete": report.get("incomplete") is not None,
            "finished_at": report.get("finished_at"), "reported_at": reported_at,
            "officials": sorted(officials), "players": players}
