"""Reading the archon CSV of an event run elsewhere (the layout Podium's own report
writes: rank, name, vekn, gw, vp, tp, finalist, then optionally warnings, disqualified)
into the players of a ledger record. The CSV carries preliminary GW and VP only: the
final's victory is the winner's (the finalist ranked 1st), the final's VP are unknown."""
from __future__ import annotations

import csv
import io
from decimal import Decimal, InvalidOperation
from typing import Any

from ..errors import Invalid

REQUIRED = ("rank", "name", "vekn", "gw", "vp", "tp", "finalist")
MAX_ROWS = 1000


def _number(value: str, where: str, problems: list[dict[str, Any]], half: bool = False) -> int:
    try:
        number = Decimal(value.strip() or "0")
    except InvalidOperation:
        problems.append({"loc": where, "msg": "not a number", "value": value})
        return 0
    scaled = number * 2 if half else number
    if scaled != scaled.to_integral_value() or scaled < 0:
        problems.append({"loc": where, "msg": "a whole number" + (" of half points" if half
                         else "") + " is expected", "value": value})
        return 0
    return int(scaled)


def players_from_csv(text: str) -> list[dict[str, Any]]:
    """The players of an archon CSV (422 ``invalid_import`` listing every problem)."""
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        raise Invalid("the CSV is empty", code="invalid_import")
    header = [h.strip().lower() for h in rows[0]]
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise Invalid("the CSV lacks archon columns", {"missing": missing,
                      "expected": list(REQUIRED)}, code="invalid_import")
    if len(rows) - 1 > MAX_ROWS:
        raise Invalid(f"at most {MAX_ROWS} players", code="invalid_import")
    col = {name: header.index(name) for name in header}
    problems: list[dict[str, Any]] = []
    players: list[dict[str, Any]] = []
    for n, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue
        cell = {name: (row[i] if i < len(row) else "") for name, i in col.items()}
        rank = _number(cell["rank"], f"line {n}: rank", problems)
        finalist = cell["finalist"].strip() in ("1", "yes", "true")
        gw = _number(cell["gw"], f"line {n}: gw", problems)
        vp = _number(cell["vp"], f"line {n}: vp", problems, half=True)
        tp = _number(cell["tp"], f"line {n}: tp", problems)
        players.append({
            "member_id": cell["vekn"].strip() or None, "name": cell["name"].strip()[:120],
            "gw": gw, "vp_halves": vp, "final_vp_halves": 0,
            "standing": ("winner" if rank == 1 else "finalist") if finalist else None,
            "played": bool(gw or vp or tp or finalist),
            "warnings": _number(cell.get("warnings", ""), f"line {n}: warnings", problems),
            "disqualified": cell.get("disqualified", "").strip() in ("1", "yes", "true"),
            "penalties": []})
    winners = sum(1 for p in players if p["standing"] == "winner")
    if winners > 1:
        problems.append({"loc": "finalist", "msg": "one winner (the finalist ranked 1)"})
    if problems:
        raise Invalid("the CSV cannot be imported", problems, code="invalid_import")
    return players
