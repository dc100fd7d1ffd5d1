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
    with the qualifications still valid (rule, event, date, valid_until), by member."""
    counting = list(records)
    champs = championships(counting, continent)
    day = as_of.isoformat()
    found: dict[str, list[dict[str, Any]]] = {}

    def add(member: str, rule: str, event_id: str, earned: str) -> None:
        until = _valid_until(earned, champs)
        if earned > day or (until is not None and until < day):
            return
        found.setdefault(member, []).append({"rule": rule, "event_id": event_id,
                                             "date": earned, "valid_until": until})

    for member, entries in by_member.items():
        for e in entries:
            if e["counts"] and e.get("continent") == continent and (rule := _rule(e)):
                add(member, rule, e["event_id"], e["date"])
    for r in counting:
        if r["tier"] != "continental_qualifier" or r.get("continent") != continent:
            continue
        playing = {p.get("member_id") for p in r["players"]}
        for member in r.get("officials") or []:
            if member not in playing:
                add(member, "qualifier_official", r["event_id"], r["date"])
    return [{"member_id": m, "qualifications": sorted(q, key=lambda x: (x["date"],
                                                                          x["event_id"]))}
            for m, q in sorted(found.items())]
