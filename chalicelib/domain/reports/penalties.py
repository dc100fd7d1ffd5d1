"""The judges' records in the federation report (V:EKN 2.6: the head judge reports every
warning issued at the tournament): every penalty in the order given, overturned ones
marked; per player the standing warnings and other penalties; disqualified players."""
from __future__ import annotations

from typing import Any


def entries(penalties: list[dict[str, Any]], players: dict[str, dict[str, Any]]
            ) -> list[dict[str, Any]]:
    out = []
    for p in penalties:
        who = players.get(p["player_id"], {})
        appeal = p.get("appeal") or {}
        out.append({"penalty_id": p["penalty_id"], "player_id": p["player_id"],
                    "name": who.get("name"), "member_id": who.get("member_id"),
                    "kind": p["kind"], "infraction": p["infraction"], "reason": p["reason"],
                    "round": p["round"], "table": p["table"], "match_id": p["match_id"],
                    "judge_id": p["judge"]["id"], "given_at": p["given_at"],
                    "status": p["status"], "appeal": appeal.get("decision")
                    or ("pending" if appeal else None)})
    return out


def counts(penalties: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """player -> {warnings, penalties, disqualified} over the standing penalties."""
    out: dict[str, dict[str, Any]] = {}
    for p in penalties:
        if p["status"] != "standing":
            continue
        row = out.setdefault(p["player_id"], {"warnings": 0, "penalties": 0,
                                              "disqualified": False})
        if p["kind"] == "warning":
            row["warnings"] += 1
        else:
            row["penalties"] += 1
        if p["kind"] == "disqualification":
            row["disqualified"] = True
    return out


NONE = {"warnings": 0, "penalties": 0, "disqualified": False}
