"""Ratings and rankings from the ledger's entries (the V:EKN rating system page): a
player's rating in a group (Standard Constructed or Limited, Appendix A) is the sum of
their best 8 events' rating points among the sanctioned events of the preceding 18
months; a player without a rated round in the last 12 months leaves the rankings and
keeps their record. Everything here is a pure function of the entries and a date."""
from __future__ import annotations

import calendar
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from . import points as pts
from .records import exclusions, size, temporary

WINDOW_MONTHS = 18
BEST = 8
INACTIVE_MONTHS = 12


def months_before(day: date, months: int) -> date:
    """The same day ``months`` calendar months earlier (clamped to the month's end)."""
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(day.day, last))


def entries_of(record: dict[str, Any], invalidated: bool = False) -> dict[str, dict[str, Any]]:
    """Each member's entry for this event: the points it gives (``counts``: whether they
    go into ratings, with ``excluded`` saying why not). Players without a membership
    number (temporary numbers, names, placeholders: 9.6) get no entry."""
    excluded = exclusions(record, invalidated)
    n = size(record)
    out: dict[str, dict[str, Any]] = {}
    for p in record["players"]:
        member = p.get("member_id")
        if temporary(member) or member in out:
            continue
        won = p.get("standing") == "winner"
        gw = p["gw"] + (1 if won else 0)          # the final's victory is a game win
        vp = p["vp_halves"] + p.get("final_vp_halves", 0)
        breakdown = pts.rating_points(vp, gw, p.get("standing"), n, record["tier"])
        out[member] = {
            "event_id": record["event_id"], "name": record["name"], "date": record["date"],
            "group": record["group"], "tier": record["tier"], "source": record["source"],
            "country": record.get("country"), "city": record.get("city"),
            "continent": record.get("continent"), "players": n, "player_name": p.get("name"),
            "gw": gw, "vp_halves": vp, "standing": p.get("standing"),
            "played": p.get("played", True), "points": breakdown,
            "counts": not excluded and p.get("played", True), "excluded": excluded,
            "warnings": p.get("warnings", 0), "disqualified": p.get("disqualified", False),
            "penalties": p.get("penalties", [])}
    return out


def _order(entry: dict[str, Any]) -> tuple[int, str, str]:
    # best first; equal points: the more recent, then by event id (deterministic)
    return (-entry["points"]["total"], _neg(entry["date"]), entry["event_id"])


def _neg(day: str) -> str:
    return "".join(chr(0x7f - ord(c)) for c in day)


def rating(entries: Iterable[dict[str, Any]], group: str, as_of: date) -> dict[str, Any]:
    """``rating``, the ``counted`` event ids (best 8 of the window), ``ranked`` (a rated
    round in the last 12 months), ``last_rated`` and the last counted ``home`` place."""
    start = months_before(as_of, WINDOW_MONTHS).isoformat()
    active_from = months_before(as_of, INACTIVE_MONTHS).isoformat()
    day = as_of.isoformat()
    rated = [e for e in entries if e["group"] == group and e["counts"] and e["date"] <= day]
    window = sorted((e for e in rated if e["date"] > start), key=_order)
    best = window[:BEST]
    last = max((e["date"] for e in rated), default=None)
    home = max(rated, key=lambda e: (e["date"], e["event_id"]), default=None)
    return {"rating": sum(e["points"]["total"] for e in best),
            "counted": [e["event_id"] for e in best], "events_in_window": len(window),
            "ranked": last is not None and last > active_from, "last_rated": last,
            "home": None if home is None else {k: home[k] for k in
                                                ("country", "city", "continent")}}


def history(entries: Iterable[dict[str, Any]], group: str) -> list[dict[str, Any]]:
    """The player's rating in ``group`` on the day of each of their rated events."""
    mine = [e for e in entries if e["group"] == group and e["counts"]]
    days = sorted({e["date"] for e in mine})
    return [{"date": d, "rating": rating(mine, group, date.fromisoformat(d))["rating"]}
            for d in days]


def leaderboard(by_member: Mapping[str, Iterable[dict[str, Any]]], group: str, as_of: date,
                where: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """The ranked players of ``group`` at ``as_of`` (``where``: country/city/continent
    of the player's home, their last rated event's place), best first; equal ratings
    share a rank (1, 2, 2, 4), listed by member number."""
    rows = []
    for member, entries in by_member.items():
        r = rating(entries, group, as_of)
        if not r["ranked"]:
            continue
        home = r["home"] or {}
        if where and any(home.get(k) != v for k, v in where.items()):
            continue
        rows.append({"member_id": member, "rating": r["rating"], "home": home,
                     "events": len(r["counted"]), "last_rated": r["last_rated"]})
    rows.sort(key=lambda r: (-r["rating"], r["member_id"]))
    rank = 0
    for i, row in enumerate(rows):
        if i == 0 or row["rating"] != rows[i - 1]["rating"]:
            rank = i + 1
        row["rank"] = rank
    return rows
