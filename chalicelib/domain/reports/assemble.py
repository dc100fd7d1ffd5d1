"""The federation report of one finished tournament, assembled from read views.

Every section other than the tournament and its players comes from a capability that
may not have run (a Swiss event has no tables, a constructed one no draft): such a
section is ``None``. Input docs are the projected views, passed in by the caller."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from ..tables.ranking import standings as table_standings
from ..tables.ranking import totals
from . import penalties as judged
from .deadline import reporting_status
from .member_ids import is_placeholder, temporary_numbers


@dataclass(frozen=True)
class Sources:
    summary: dict[str, Any]
    players: dict[str, Any]
    now: str
    received_at: str | None = None
    tables_index: dict[str, Any] | None = None
    tables_rounds: list[dict[str, Any]] = field(default_factory=list)
    ffa: dict[str, Any] | None = None
    swiss_overview: dict[str, Any] | None = None
    swiss_rounds: list[dict[str, Any]] = field(default_factory=list)
    swiss_standings: dict[str, Any] | None = None
    swiss_bracket: dict[str, Any] | None = None
    decks: dict[str, Any] | None = None
    organizer_name: str | None = None
    penalties: list[dict[str, Any]] = field(default_factory=list)
    time_extensions: list[dict[str, Any]] = field(default_factory=list)


def _vp(halves: int) -> float | int:
    return halves // 2 if halves % 2 == 0 else halves / 2


def _tables_rounds(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"round": r["round"], "sitting_out": r.get("sitting_out", []),
             "tables": [{"table": t["table"],
                         "seats": [{"player_id": s["player_id"], **_score(t, s["player_id"])}
                                   for s in t["seats"]]}
                        for t in r["tables"]]}
            for r in sorted(rounds, key=lambda r: r["round"])]


def _score(table: dict[str, Any], pid: str) -> dict[str, Any]:
    for row in table.get("result") or []:
        if row["player_id"] == pid:
            return {"gw": row["gw"], "vp": _vp(row["vp_halves"]), "vp_halves": row["vp_halves"],
                    "tp": row["tp"]}
    return {"gw": None, "vp": None, "vp_halves": None, "tp": None}


def _tables_section(src: Sources, active: list[str]) -> tuple[Any, Any, Any]:
    results = [{row["player_id"]: {"gw": row["gw"], "vp_halves": row["vp_halves"],
                                   "tp": row["tp"]} for row in t["result"]}
               for r in src.tables_rounds for t in r["tables"] if t.get("result")]
    seed = src.summary.get("seed") or ""
    rows = table_standings(totals(results), seed, eligible=active)
    final = (src.tables_index or {}).get("final")
    qualifiers = list(final["qualifiers"]) if final else []
    final_rank = {}
    final_out = None
    if final:
        result = final.get("result")
        if result:
            final_rank = {r["player"]: r["rank"] for r in result}
        final_out = {"qualifiers": qualifiers, "seating": final.get("seating"),
                     "first_player": final.get("first_player"),
                     "result": None if not result else [
                         {"player_id": r["player"], "rank": r["rank"],
                          "vp": _vp(r["vp_halves"]), "vp_halves": r["vp_halves"]}
                         for r in result]}
    out = []
    for row in rows:
        pid = row["player"]
        out.append({"rank": final_rank.get(pid, row["rank"]), "preliminary_rank": row["rank"],
                    "player_id": pid, "gw": row["gw"], "vp": _vp(row["vp_halves"]),
                    "vp_halves": row["vp_halves"], "tp": row["tp"], "games": row["games"],
                    "finalist": pid in qualifiers, "toss": row["toss"]})
    out.sort(key=lambda r: (r["rank"], r["preliminary_rank"]))
    return ({"scoring": "vtes-tables", "rows": out}, final_out,
            _tables_rounds(src.tables_rounds))


def _swiss_section(src: Sources) -> tuple[Any, Any, Any]:
    standings = None
    if src.swiss_standings is not None:
        standings = {"scoring": "swiss",
                     "tiebreakers": src.swiss_standings.get("tiebreakers"),
                     "rows": [{**row} for row in src.swiss_standings["rows"]]}
    rounds = [{"round": r["round"],
               "bye": r.get("bye"),
               "matches": [{"match_id": m["match_id"], "table": m["table"], "a": m["a"],
                            "b": m["b"], "score": m.get("score"), "status": m.get("status")}
                           for m in r["matches"]]}
              for r in sorted(src.swiss_rounds, key=lambda r: r["round"])]
    final = None
    if src.swiss_bracket is not None:
        b = src.swiss_bracket
        final = {"top_cut": b.get("size"), "seeds": b.get("seeds"),
                 "champion": b.get("champion"),
                 "rounds": [{"round": r["round"], "matches": [
                     {"match_id": m["match_id"], "a": m["a"], "b": m["b"],
                      "score": m.get("score")} for m in r["matches"]]} for r in b["rounds"]]}
    return standings, final, rounds


def _ffa_section(src: Sources) -> Any:
    rows = (src.ffa or {}).get("standings") or []
    return {"scoring": "free-for-all",
            "rows": [{"rank": r["rank"], "player_id": r["player"], "pod": r["pod"],
                      "place": r["place"], "outlasted": r["outlasted"]} for r in rows]}


def _ffa_rounds(src: Sources) -> list[dict[str, Any]]:
    """The one free-for-all round: each reported pod's game, winner first."""
    pods = (src.ffa or {}).get("pods") or []
    if not pods:
        return []
    return [{"round": 1, "pods": [
        {"pod": p["pod"], "winner": p["winner"], "eliminated": list(p["eliminated"]),
         "places": [{"player_id": r["player"], "place": r["place"],
                     "outlasted": r["outlasted"]} for r in p["places"]]}
        for p in sorted(pods, key=lambda p: p["pod"])]}]


def _decklists(decks: dict[str, Any] | None) -> list[dict[str, Any]] | None:
    """The published decklists, each deck with the codes of what its registration's
    checks could not verify (``kinds_unverified``: card kinds unknown, physical product;
    ``pool_unverified``: checked against a pool only the player declared, 7.2.3/7.2.4),
    joined from the deck status view by player and label."""
    lists = (decks or {}).get("decklists")
    if lists is None:
        return None
    status = {p["player_id"]: {d["label"]: d for d in p.get("decks", [])}
              for p in (decks or {}).get("players", [])}
    return [{**entry, "decks": [
        {**deck, "unverified": list(status.get(entry["player_id"], {})
                                    .get(deck["label"], {}).get("unverified", []))}
        for deck in entry["decks"]]} for entry in lists]


def _seed(summary: dict[str, Any]) -> dict[str, Any]:
    seed = summary.get("seed")
    commitment = summary.get("seed_sha256")
    verified = seed is not None and hashlib.sha256(seed.encode()).hexdigest() == commitment
    # the public audit log, which ``python -m chalicelib.verify`` checks (a routed path)
    audit = f"/v1/tournaments/{summary.get('tournament_id')}/audit"
    return {"commitment_sha256": commitment, "seed": seed, "verified": verified,
            "audit_log": audit}


def _incomplete(recorded: dict[str, Any] | None) -> dict[str, Any] | None:
    """The organizer ended the event before play was done: why, and what was open."""
    if not recorded:
        return None
    return {"reason": recorded.get("reason"), "open": list(recorded.get("open") or [])}


def _participants(players: list[dict[str, Any]],
                  standings: dict[str, Any] | None) -> list[tuple[str | None, bool]]:
    """(member id, played a round) of the reported players, as the ledger's record of the
    report has them: the standings' rows (a V:EKN table row counting 0 games played
    none), else the roster."""
    if standings is None:
        return [(p["member_id"], True) for p in players]
    return [(row.get("member_id"), not (isinstance(row.get("games"), int)
                                         and row["games"] == 0))
            for row in standings["rows"]]


def assemble(src: Sources) -> dict[str, Any]:
    s = src.summary
    game = s["game"]
    players = [{"player_id": p["player_id"], "name": p["name"], "member_id": p.get("member_id"),
                "status": p["status"],
                "placeholder_member_id": is_placeholder(game, p.get("member_id"))}
               for p in src.players["players"]]
    by_id = {p["player_id"]: p for p in players}
    active = [p["player_id"] for p in players if p["status"] == "active"]
    marks = judged.counts(src.penalties)
    for p in players:       # a disqualification is the drop that removed them
        if marks.get(p["player_id"], judged.NONE)["disqualified"]:
            p["status"] = "disqualified"
    standings = final = None
    rounds: list[dict[str, Any]] = []
    if src.tables_rounds:
        standings, final, rounds = _tables_section(src, active)
    elif src.swiss_overview is not None:
        standings, final, rounds = _swiss_section(src)
    elif src.ffa is not None:
        standings, rounds = _ffa_section(src), _ffa_rounds(src)
    if standings is not None:
        for row in standings["rows"]:
            who = by_id.get(row["player_id"], {})
            row["name"] = who.get("name")
            row["member_id"] = who.get("member_id")
            row.update(marks.get(row["player_id"], judged.NONE))
    placeholders = [p["player_id"] for p in players if p["placeholder_member_id"]]
    unrated = temporary_numbers(game, _participants(players, standings))
    decklists = _decklists(src.decks)
    incomplete = _incomplete(s.get("incomplete"))
    return {
        "tournament_id": s["tournament_id"], "name": s["name"], "game": game,
        "format": s["format"], "structure": s["structure"],
        "organizer_id": s["organizer_id"], "organizer_name": src.organizer_name,
        "location": s.get("location"),
        "starts_at": s.get("starts_at"), "started_at": s.get("started_at"),
        "finished_at": s.get("finished_at"),
        "date": (s.get("started_at") or s.get("finished_at") or "")[:10] or None,
        "players": players,
        "rounds": rounds,
        "standings": standings,
        "final": final,
        "decklists": decklists,
        # V:EKN 2.6: every warning issued, with the other penalties
        "penalties": judged.entries(src.penalties, by_id),
        # V:EKN 2.8: extra time given by a judge is recorded.
        "time_extensions": [dict(e) for e in src.time_extensions],
        "seed": _seed(s),
        "incomplete": incomplete,
        # Not rated: a participant with a placeholder member id (V:EKN 9.6, the rule the
        # ledger applies too), or an event its organizer ended before play was done
        # (standings on unfinished play; 3.1: three rounds at least).
        "member_ids": {"placeholders": placeholders,
                       "ratings_eligible": not unrated and incomplete is None},
        "reporting": reporting_status(s.get("finished_at"), src.received_at, src.now),
    }
