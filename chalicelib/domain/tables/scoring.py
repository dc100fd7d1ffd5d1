"""Table results: victory points in half points, game wins and tournament points
(V:EKN 3.7)."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ..errors import Invalid

# V:EKN 3.7.3: TP by table rank; a 4-player table skips 36 (3rd is the table bye).
TP_BY_SIZE = {5: (60, 48, 36, 24, 12), 4: (60, 48, 24, 12)}
PLACES = {5: (1, 2, 3, 4, 5), 4: (1, 2, 4, 5)}
GW_MIN_HALVES = 4  # V:EKN 3.7.1: at least 2 VP


def validate(table: Sequence[str], vp_halves: Mapping[str, object],
             dropped: Collection[str] = ()) -> dict[str, int]:
    """Check a reported table: exactly its players, whole half points >= 0, and no more
    VP in total than seats (each oust gives one VP, the last survivor one more).
    ``dropped`` players left after the seating (V:EKN 3.1.4): they score no VP, so they
    may be left out of the report (or given 0)."""
    errors: list[dict[str, Any]] = []
    seated = set(table)
    vp_halves = {**{p: 0 for p in dropped if p in seated and p not in vp_halves},
                 **vp_halves}
    for pid in table:
        if pid in dropped and vp_halves[pid] != 0:
            errors.append({"loc": f"vp.{pid}", "msg": "this player dropped after the "
                           "seating and receives a Loss (V:EKN 3.1.4): 0 VP"})
    missing = [p for p in table if p not in vp_halves]
    extra = sorted(p for p in vp_halves if p not in seated)
    if missing:
        errors.append({"loc": "vp", "msg": "players of the table without a score",
                       "players": missing})
    if extra:
        errors.append({"loc": "vp", "msg": "players not seated at this table",
                       "players": extra})
    clean: dict[str, int] = {}
    for pid in table:
        if pid not in vp_halves:
            continue
        value = vp_halves[pid]
        if isinstance(value, bool) or not isinstance(value, int):
            errors.append({"loc": f"vp.{pid}", "msg": "VP must be a whole number of half points"})
        elif value < 0:
            errors.append({"loc": f"vp.{pid}", "msg": "VP cannot be negative"})
        else:
            clean[pid] = value
    total = sum(clean.values())
    if total > 2 * len(table):
        errors.append({"loc": "vp", "msg": f"{total / 2:g} VP reported at a table of "
                       f"{len(table)}: at most {len(table)} VP can be scored"})
    if errors:
        raise Invalid("impossible table result", errors, code="invalid_result")
    return clean


def score(table: Sequence[str], vp_halves: Mapping[str, int],
          dropped: Collection[str] = ()) -> dict[str, dict[str, int]]:
    """Per player: vp (halves), gw (0/1), tp and place at the table (ties share the
    best; a 4-player table places 1, 2, 4, 5).

    ``dropped`` players left after the seating and receive a Loss (V:EKN 3.1.4): 0 VP,
    no GW, and the last place(s) of the table's usual scale, shared among them if
    several left. The players who stayed keep the table's size for TP and are ranked
    among themselves by VP on the top places (60/48/36/24 at a five-player table,
    60/48/24 at a four-player one), as if the leaver had been ousted first: a drop
    neither costs them points nor lets a 0-VP player share the bottom with the leaver.
    Such rows carry ``dropped: True``."""
    size = len(table)
    tps = TP_BY_SIZE[size]
    gone = {p for p in dropped if p in table}
    vp = {p: 0 if p in gone else vp_halves[p] for p in table}

    def key(pid: str) -> tuple[bool, int]:
        return (pid in gone, -vp[pid])

    order = sorted(table, key=key)
    out: dict[str, dict[str, int]] = {}
    top = vp[order[0]]
    winners = [p for p in table if p not in gone and vp[p] == top]
    start = 0
    while start < size:
        end = start
        while end + 1 < size and key(order[end + 1]) == key(order[start]):
            end += 1
        share = tps[start:end + 1]
        tp, rest = divmod(sum(share), len(share))
        assert rest == 0, "tournament points always average to whole numbers"
        for pid in order[start:end + 1]:
            out[pid] = {"vp_halves": vp[pid], "tp": tp, "place": PLACES[size][start],
                        "gw": int(top >= GW_MIN_HALVES and len(winners) == 1
                                  and pid == winners[0])}
            if pid in gone:
                out[pid]["dropped"] = True
        start = end + 1
    return out
