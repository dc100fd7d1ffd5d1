"""Qualifications for a continental championship (a non-open event, V:EKN 9.8), by the
rules the V:EKN publishes for them: a player qualifies by

* ``championship_final``: playing the final of a national or continental championship;
* ``constructed_win``: winning a Standard Constructed event of 8 players or more;
* ``qualifier_game_win``: one game win or more at a continental championship qualifier;
* ``qualifier_official``: organizing or judging a continental championship qualifier
  without playing in it.

Only events whose results count qualify (an invalid event never does). A qualification
earned on a continent is valid until that continent's next championship held after it."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from ..profiles.event_tier import CHAMPIONSHIPS

CONSTRUCTED_WIN_PLAYERS = 8


def _rule(entry: dict[str, Any]) -> str | None:
    if entry["tier"] in CHAMPIONSHIPS and entry["standing"] in ("winner", "finalist"):
        return "championship_final"
    if entry["group"] == "constructed" and entry["standing"] == "winner" \
            and entry["players"] >= CONSTRUCTED_WIN_PLAYERS:
        return "constructed_win"
    if entry["tier"] == "continental_qualifier" and entry["gw"] >= 1:
        return "qualifier_game_win"
    return None


def championships(records: Iterable[dict[str, Any]], continent: str) -> list[str]:
    """The days of the continent's championships (counting events), in order."""
    return sorted(r["date"] for r in records
                  if r["tier"] == "continental_championship" and r.get("continent") == continent)


def _valid_until(earned: str, days: list[str]) -> str | None:
    return next((d for d in days if d > earned), None)


def qualified(by_member: Mapping[str, Iterable[dict[str, Any]]],
              records: Iterable[dict[str, Any]], continent: str,
              as_of: date) -> list[dict[str, Any]]:
    """The players qualified for ``continent``'s next championship at ``as_of``, each
    with the qualifications still valid (rule, event, date, valid_until), by member.
    ``records``: the events whose results count."""
    counting = list(records)
    found: dict[str, list[dict[str, Any]]] = {}
    for member, entries in by_member.items():
        earned = _earned(entries, continent)
        if earned:
            found[member] = earned
    for member, earned in _officiating(counting, continent).items():
        found.setdefault(member, []).extend(earned)
    return [{"member_id": m, "qualifications": q} for m, q in sorted(
        (m, _valid(q, championships(counting, continent), as_of)) for m, q in found.items())
        if q]


def member_qualifications(member: str, entries: Iterable[dict[str, Any]],
                          records: Iterable[dict[str, Any]], continent: str,
                          as_of: date) -> list[dict[str, Any]]:
    """One member's valid qualifications for ``continent`` at ``as_of`` (a non-open
    event's registration asks this, V:EKN 9.8)."""
    counting = list(records)
    earned = _earned(entries, continent) + \
        _officiating(counting, continent).get(member, [])
    return _valid(earned, championships(counting, continent), as_of)


def _earned(entries: Iterable[dict[str, Any]], continent: str) -> list[dict[str, Any]]:
    return [{"rule": rule, "event_id": e["event_id"], "date": e["date"]}
            for e in entries
            if e["counts"] and e.get("continent") == continent and (rule := _rule(e))]


def _officiating(records: list[dict[str, Any]], continent: str) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        if r["tier"] != "continental_qualifier" or r.get("continent") != continent:
            continue
        playing = {p.get("member_id") for p in r["players"]}
        for member in r.get("officials") or []:
            if member not in playing:
                out.setdefault(member, []).append(
                    {"rule": "qualifier_official", "event_id": r["event_id"],
                     "date": r["date"]})
    return out


def _valid(earned: list[dict[str, Any]], champs: list[str],
           as_of: date) -> list[dict[str, Any]]:
    day = as_of.isoformat()
    out = []
    for q in earned:
        until = _valid_until(q["date"], champs)
        if q["date"] <= day and (until is None or until >= day):
            out.append({**q, "valid_until": until})
    return sorted(out, key=lambda x: (x["date"], x["event_id"], x["rule"]))
