"""V:EKN multiplayer tables: preliminary rounds seated by the organizer, a table given
back the time a ruling took (2.8), table results, the five-player final with the
seat-choice row (3.1.3), and the standings to print."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from ..client import Api


def vp_for(table: list[str], rnd: int) -> dict[str, float]:
    """A plausible table: one player ousts two preys, another takes a VP and a half."""
    vp = {p: 0.0 for p in table}
    vp[table[rnd % len(table)]] = 2.0
    vp[table[(rnd + 2) % len(table)]] = 1.5
    return vp


RULING = {"minutes": 6, "reason": "lengthy ruling on a combat (V:EKN 2.8)"}


def extend_a_table(api: Api, ev, rnd: int, table: int) -> None:
    """A judge took six minutes over a ruling at ``table`` and gives them back (2.8: "the
    extra time must be clearly communicated and recorded"): the live clock of that table
    moves, the round's does not."""
    before = api.get(f"{ev.base}/live")["round"]
    api.post(f"{ev.base}/tables/rounds/{rnd}/tables/{table}/extensions", RULING, token=ev.org)
    live = api.get(f"{ev.base}/live")["round"]
    moved = {t["table"]: t["ends_at"] for t in live["tables"]}[table]
    gained = datetime.fromisoformat(moved) - datetime.fromisoformat(before["ends_at"])
    if live["ends_at"] != before["ends_at"] or gained.total_seconds() != RULING["minutes"] * 60:
        raise AssertionError(f"extension not on the live clock: {before} -> {live}")


def play_rounds(api: Api, ev, rounds: int = 3) -> int:
    tables = 0
    for rnd in range(1, rounds + 1):
        seating = api.post(f"{ev.base}/tables/rounds", token=ev.org)
        if rnd == 2:
            extend_a_table(api, ev, rnd, len(seating["tables"]))
        for k, table in enumerate(seating["tables"], start=1):
            api.post(f"{ev.base}/tables/rounds/{seating['round']}/tables/{k}/result",
                     {"vp": vp_for(table, rnd)}, token=ev.org)
            tables += 1
    api.refused("POST", f"{ev.base}/tables/rounds", None, ev.org, 409)   # three is the plan
    return tables


def final(api: Api, ev) -> list[dict]:
    cut = api.post(f"{ev.base}/tables/final", token=ev.org)
    qualifiers = cut["qualifiers"]
    # V:EKN 3.1.3: from the fifth-ranked to the first, each places a card in the row.
    for player in reversed(qualifiers):
        placed = api.post(f"{ev.base}/tables/final/cards", {"position": 0},
                          token=ev.token[player])
    if placed["next"] is not None or sorted(placed["seating"]) != sorted(qualifiers):
        raise AssertionError(f"seat choice did not finish: {placed}")
    vp = dict(zip(placed["seating"], (2.0, 1.0, 1.0, 0.5, 0.0), strict=True))
    api.post(f"{ev.base}/tables/final/result", {"vp": vp}, token=ev.org)
    return qualifiers


def table_standings(api: Api, ev) -> list[dict[str, Any]]:
    """Finalists by their final rank, then everyone else in preliminary order."""
    standings = api.get(f"{ev.base}/tables/standings")
    final_rows = {row["player"]: row for row in standings["final"] or []}
    rows = []
    for k, row in enumerate(standings["standings"]):
        pid = row["player"]
        fin = final_rows.get(pid)
        rows.append({"place": fin["rank"] if fin else None, "player_id": pid,
                     "name": ev.name[pid], "prelim_rank": row["rank"], "gw": row["gw"],
                     "vp": row["vp_halves"] / 2, "tp": row["tp"],
                     "final_vp": fin["vp_halves"] / 2 if fin else None, "order": k})
    rows.sort(key=lambda r: (r["place"] is None, r["place"] or 0, r["order"]))
    for k, row in enumerate(rows):
        row.pop("order")
        if row["place"] is None:
            row["place"] = k + 1
    return rows
