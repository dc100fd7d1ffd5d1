"""The widget's final standings: every player's place once the event is over (the V:EKN
final or the Swiss top cut first, then the standings' order), the facts a front end words
in its reader's language (``title``: champion, finalist, top N, final table; points and
record with byes apart, or GW/VP, or the pod and place) and an English ``summary``."""
from __future__ import annotations

from typing import Any

DASH = "\u2013"


def record(row: dict[str, Any]) -> str:
    """Match wins, losses, draws: "1–1–0"; byes are not wins here (``byes`` says them)."""
    return f"{row['wins']}{DASH}{row['losses']}{DASH}{row['draws']}"


def with_byes(text: str, byes: int) -> str:
    """ "1–1–0 + bye", "1–0–0 + 2 byes"."""
    if not byes:
        return text
    return f"{text} + bye" if byes == 1 else f"{text} + {byes} byes"


def _vp(halves: int) -> float | int:
    return halves // 2 if halves % 2 == 0 else halves / 2


def _tables_order(final: dict[str, Any] | None, rows: list[dict[str, Any]]
                  ) -> tuple[list[tuple[str, dict[str, Any]]], bool]:
    """(player, facts) in final order: the finalists by their final rank, then the others
    in the preliminary order; and whether a winner is decided (the final was played, or
    there was none)."""
    result = sorted((final or {}).get("result") or [], key=lambda r: r["rank"])
    out: list[tuple[str, dict[str, Any]]] = [
        (r["player"], {"title": "final-table", "final_vp": _vp(r["vp_halves"])})
        for r in result]
    placed = {pid for pid, _ in out}
    out += [(r["player_id"], {"title": None, "gw": r["gw"], "vp": r["vp"]}) for r in rows
            if r["player_id"] not in placed]
    return out, bool(result) or not final


def _cut_order(bracket: dict[str, Any],
               rank: dict[str, int]) -> list[tuple[str, dict[str, Any]]]:
    """The top cut's players, champion first, then by how far each went (the later the
    round they lost, the higher), ties by their Swiss ``rank``."""
    reached: dict[str, int] = {}
    for r in bracket["rounds"]:
        for m in r["matches"]:
            for side in (m["a"], m["b"]):
                if side:
                    reached[side["player_id"]] = r["round"]
    champion = (bracket.get("champion") or {}).get("player_id")
    rounds = len(bracket["rounds"])

    def title(pid: str) -> dict[str, Any]:
        if pid == champion:
            return {"title": "champion"}
        if reached[pid] == rounds and champion:
            return {"title": "finalist"}
        return {"title": "top", "top": 2 ** (rounds - reached[pid] + 1)}
    order = sorted(reached, key=lambda p: (p != champion, -reached[p], rank.get(p, 0)))
    return [(p, title(p)) for p in order]


def _facts_of(row: dict[str, Any]) -> dict[str, Any]:
    if "points" in row:
        return {"points": row["points"], "record": row["record"], "byes": row.get("byes", 0)}
    return {"pod": row["pod"], "pod_place": row["place"]}           # free-for-all


def summary(facts: dict[str, Any]) -> str:
    """The facts in English: "Champion, 6 pts, 2–0–0 + bye", "final table, 3 VP"."""
    title = facts.get("title")
    head = {"champion": "Champion", "finalist": "Finalist"}.get(title or "") or (
        f"Top {facts['top']}" if title == "top" else None)
    if title == "final-table":
        return f"final table, {facts['final_vp']} VP"
    if "gw" in facts:
        tail = f"{facts['gw']} GW, {facts['vp']} VP"
    elif "points" in facts:
        tail = f"{facts['points']} pts, " + with_byes(facts["record"], facts["byes"])
    elif "pod" in facts:
        tail = f"place {facts['pod_place']} in pod {facts['pod']}"
    else:
        tail = None
    return ", ".join(part for part in (head, tail) if part)


def final_standings(standings: dict[str, Any] | None, played: dict[str, Any] | None,
                    people: Any) -> dict[str, Any]:
    """Places once the event is over; the winner is first place (None when the final or
    the cut was not played to its end)."""
    rows = (standings or {}).get("rows", [])
    if (standings or {}).get("scoring") == "vtes-tables":
        order, decided = _tables_order(played, rows)
    else:
        order = _cut_order(played, {r["player_id"]: r["rank"] for r in rows}) if played else []
        decided = played is None or played.get("champion") is not None
        cut = {pid for pid, _ in order}
        by_id = {r["player_id"]: r for r in rows}
        order = [(pid, {**facts, **(_facts_of(by_id[pid]) if pid in by_id else {})})
                 for pid, facts in order]
        order += [(r["player_id"], {"title": None, **_facts_of(r)}) for r in rows
                  if r["player_id"] not in cut]
    dropped = {r["player_id"] for r in rows if r["status"] != "active"}
    placed = [{"place": k, **people.row(pid, pid in dropped), **facts,
               "summary": summary(facts)}
              for k, (pid, facts) in enumerate(order, start=1)]
    return {"winner": people.who(placed[0]["player_id"]) if placed and decided else None,
            "rows": placed}
