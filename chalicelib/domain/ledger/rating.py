"""Ratings and rankings from the ledger's entries (the V:EKN rating system page): a
player's rating in a group (Standard Constructed or Limited, Appendix A) is the sum of
their best 8 events' rating points among the sanctioned events of the preceding 18
months; a player without a rated round in the last 12 months leaves the rankings and
keeps their record. Everything here is a pure function of the entries and a date."""
from __future__ import annotations

import calendar
from collections.abc import Iterable, Mapping
from datetime import date
from functools import lru_cache
from typing import Any

from . import points as pts
from .records import exclusions, size, temporary

WINDOW_MONTHS = 18
BEST = 8
INACTIVE_MONTHS = 12


@lru_cache(maxsize=4096)
def months_before(day: date, months: int) -> date:
    """The same day ``months`` calendar months earlier (clamped to the month's end)."""
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(day.day, last))


def entries_of(record: dict[str, Any], invalidated: bool = False) -> dict[str, dict[str, Any]]:
    """Each member's entry for this event: the points it gives (``counts``: whether they
    go into ratings, with ``excluded`` saying why not). Players without a membership
    number (temporary numbers, names, placeholders) get no entry; the event they played
    then counts for no one (9.6: ``exclusions``)."""
    excluded = exclusions(record, invalidated)
    n = size(record)
    tier = record["tier"]
    base = {"event_id": record["event_id"], "name": record["name"], "date": record["date"],
            "group": record["group"], "tier": tier, "source": record["source"],
            "country": record.get("country"), "city": record.get("city"),
            "continent": record.get("continent"), "players": n,
            "excluded": tuple(excluded)}
    out: dict[str, dict[str, Any]] = {}
    counts = not excluded
    for p in record["players"]:
        member = p.get("member_id")
        if member in out or _temporary(member):
            continue
        standing = p.get("standing")
        gw = p["gw"] + (1 if standing == "winner" else 0)   # the final's victory: a GW
        vp = p["vp_halves"] + p.get("final_vp_halves", 0)
        played = p.get("played", True)
        parts, total = _points(vp, gw, standing, n, tier)
        # atomic values only (points as a tuple, penalties left in the record): CPython's
        # cyclic collector then stops tracking the entries, however many the ledger holds
        entry = base.copy()
        entry.update(player_name=p.get("name"), gw=gw, vp_halves=vp, standing=standing,
                     played=played, points=parts, total=total, counts=counts and played,
                     warnings=p.get("warnings", 0),
                     disqualified=p.get("disqualified", False))
        out[member] = entry
    return out


@lru_cache(maxsize=65536)
def _temporary(member: str | None) -> bool:
    return temporary(member)


@lru_cache(maxsize=65536)
def _points(vp: int, gw: int, standing: str | None, players: int,
            tier: str) -> tuple[tuple[int, ...], int]:
    """(the parts in ``pts.PARTS`` order, the total): few distinct values, computed once."""
    points = pts.rating_points(vp, gw, standing, players, tier)
    return tuple(points[k] for k in pts.PARTS), points["total"]


def _best(window: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Best first; equal points: the more recent, then by event id (deterministic). Two
    stable sorts: by id, then by (points, day) descending."""
    window.sort(key=lambda e: e["event_id"])
    window.sort(key=lambda e: (e["total"], e["date"]), reverse=True)
    return window


def rating(entries: Iterable[dict[str, Any]], group: str, as_of: date) -> dict[str, Any]:
    """``rating``, the ``counted`` event ids (best 8 of the window), ``ranked`` (a rated
    round in the last 12 months), ``last_rated`` and the last counted ``home`` place."""
    return _rate(entries, group, _bounds(as_of))


def _bounds(as_of: date) -> tuple[str, str, str]:
    """(as_of, window start, activity start) as ISO days: compared as strings."""
    return (as_of.isoformat(), months_before(as_of, WINDOW_MONTHS).isoformat(),
            months_before(as_of, INACTIVE_MONTHS).isoformat())


def _rate(entries: Iterable[dict[str, Any]], group: str,
          bounds: tuple[str, str, str]) -> dict[str, Any]:
    day, start, active_from = bounds
    rated = [e for e in entries if e["group"] == group and e["counts"] and e["date"] <= day]
    if not rated:
        return {"rating": 0, "counted": [], "events_in_window": 0, "ranked": False,
                "last_rated": None, "home": None}
    window = _best([e for e in rated if e["date"] > start])
    best = window[:BEST]
    home = max(rated, key=lambda e: (e["date"], e["event_id"]))
    last = home["date"]
    return {"rating": sum(e["total"] for e in best),
            "counted": [e["event_id"] for e in best], "events_in_window": len(window),
            "ranked": last > active_from, "last_rated": last,
            "home": {"country": home["country"], "city": home["city"],
                     "continent": home["continent"]}}


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
    bounds = _bounds(as_of)
    for member, entries in by_member.items():
        r = _rate(entries, group, bounds)
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
