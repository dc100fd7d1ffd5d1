"""V:EKN 7.2.5 in a table draft: the judge replaces a pack with an abnormal card count
before any card of it is drafted. A later pack is swapped face down; a pack whose first
set is already on the table (laid out, no card taken yet: the players are still counting
and reviewing, 7.7.1) is put back together and that set laid out again."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from .events import TablePackReplaced
from .state import TableDraftState


def replaced(state: TableDraftState, d: TablePackReplaced) -> TableDraftState:
    """Fold ``TablePackReplaced``."""
    k, seat = d.pack - 1, d.seat - 1
    rounds = [list(rnd) for rnd in state.packs]
    changes: dict[str, Any] = {}
    if k == state.pack_no and state.table:
        # The set on the table goes back on top of each pack, oldest card first.
        for s in range(len(rounds[k])):
            laid = tuple(c["card"] for c in sorted(state.table, key=lambda c: c["order"])
                         if c["seat"] == s)
            rounds[k][s] = laid + tuple(rounds[k][s])
        changes = {"table": (), "order": (), "turn": 0, "latest": {},
                   "review_until": None, "deadline": None}
    rounds[k][seat] = tuple(d.cards)
    entry = {"pack": d.pack, "seat": d.seat, "player": d.player,
             "count": d.count, "reason": d.reason, "by": d.by, "at": d.at}
    return replace(state, packs=tuple(tuple(rnd) for rnd in rounds),
                   replacements=state.replacements + (entry,), **changes)


def replacement_problems(cards: list[str], expected: int | None, kinds: dict[str, str],
                         what: str = "replacement pack") -> list[dict[str, Any]]:
    """Why replacement ``cards`` cannot be used (7.2.5): empty, another count than the
    replaced item should have (``expected``), or cards of no known kind."""
    problems: list[dict[str, Any]] = []
    if not cards:
        problems.append({"msg": f"the {what} is empty"})
    if expected is not None and len(cards) != expected:
        problems.append({"msg": f"the {what} has the wrong number of cards",
                         "expected": expected, "got": len(cards)})
    unknown = sorted({c for c in cards if c not in kinds})
    if unknown:
        problems.append({"msg": "cards without a known kind", "cards": unknown[:20]})
    return problems


def abnormal_packs(state: TableDraftState) -> list[dict[str, Any]]:
    """Packs not drafted from yet whose card count differs from their booster's: the
    judge should replace them (7.2.5). The pack on the table counts with its laid cards."""
    out: list[dict[str, Any]] = []
    if state.status != "drafting":
        return out
    on_table = [0] * len(state.players)
    for c in state.table:
        on_table[c["seat"]] += 1
    for k, rnd in enumerate(state.packs):
        if state.opened(k):
            continue
        for seat, pack in enumerate(rnd):
            size = state.pack_meta[seat][k].get("size") if state.pack_meta else None
            count = len(pack) + (on_table[seat] if k == state.pack_no else 0)
            if size is not None and count != size:
                out.append({"pack": k + 1, "seat": seat + 1, "player": state.players[seat],
                            "count": count, "expected": size})
    return out
