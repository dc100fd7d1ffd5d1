"""The end of every event: a warning on record (V:EKN 2.6: the head judge reports every
warning), the organizer finishes it, anyone verifies the revealed seed, and the federation
report (V:EKN 9) is read back and checked against the roster and the warning."""
from __future__ import annotations

import csv
import hashlib
import io
from typing import Any

from ..client import Api


def warn(api: Api, ev) -> dict[str, Any]:
    """The organizer (head judge until one is named) warns the first player for slow play;
    the player sees it among their own penalties."""
    player = next(iter(ev.token))
    warning = api.post(f"{ev.base}/penalties", {
        "player_id": player, "kind": "warning", "infraction": "slow_play",
        "reason": "took too long over a pick after a judge's reminder (V:EKN 5.3)"},
        token=ev.org)
    mine = api.get(f"{ev.base}/penalties/me", token=ev.token[player])["penalties"]
    if [p["penalty_id"] for p in mine] != [warning["penalty_id"]]:
        raise AssertionError(f"the warned player does not see their warning: {mine}")
    return warning


def finish_and_report(api: Api, ev) -> Any:
    warning = warn(api, ev)
    done = api.post(f"{ev.base}/finish", token=ev.org)
    if hashlib.sha256(done["seed"].encode()).hexdigest() != done["seed_sha256"]:
        raise AssertionError("revealed seed does not match its published SHA-256")
    if api.get(ev.base)["status"] != "finished":
        raise AssertionError("summary view not finished")
    report = api.get(f"{ev.base}/report", token=ev.org)
    if not report["seed"]["verified"]:
        raise AssertionError("report: seed not verified")
    reported = {row["player_id"] for row in report["standings"]["rows"]}
    if reported != set(ev.token):
        raise AssertionError(f"report standings cover {len(reported)} of {len(ev.token)}")
    listed = [(p["penalty_id"], p["kind"]) for p in report["penalties"]]
    if listed != [(warning["penalty_id"], "warning")]:
        raise AssertionError(f"report: the warning is not reported: {listed}")
    row = next(r for r in report["standings"]["rows"] if r["player_id"] == warning["player_id"])
    if row["warnings"] != 1:
        raise AssertionError(f"report: the warned player's row counts {row['warnings']}")
    sheet = api.call("GET", f"{ev.base}/report/csv", None, ev.org).body
    cells = [c for line in csv.reader(io.StringIO(sheet)) for c in line]
    if len(sheet.splitlines()) != len(ev.token) + 1 or \
            any(c.lstrip().startswith(("{", "[")) for c in cells):
        raise AssertionError("report CSV: one row per player, and no JSON inside a cell")
    extended = recorded_extensions(api, ev)
    timed = [(e["target"], e["minutes"], e["reason"]) for e in report["time_extensions"]]
    if timed != extended:
        raise AssertionError(f"report time extensions {timed}, the rounds show {extended}")
    return report


def recorded_extensions(api: Api, ev) -> list[tuple[str, int, str]]:
    """Every time extension the round views show: each tables round and the final, or
    each Swiss round and top-cut round."""
    structure = api.get(ev.base)["structure"]
    views: list[dict[str, Any]] = []
    if structure == "multiplayer-tables":
        index = api.get(f"{ev.base}/tables")
        views = [api.get(f"{ev.base}/tables/rounds/{r['round']}") for r in index["rounds"]]
        if index.get("final"):
            views.append(api.get(f"{ev.base}/tables/final"))
    elif structure == "swiss":
        overview = api.get(f"{ev.base}/swiss")
        views = [api.get(f"{ev.base}/swiss/rounds/{n}")
                 for n in range(1, overview["rounds_paired"] + 1)]
        if overview.get("top_cut"):
            views += api.get(f"{ev.base}/swiss/bracket")["rounds"]
    return [(target["target"], e["minutes"], e["reason"]) for view in views
            for target in view["extensions"] for e in target["extensions"]]
