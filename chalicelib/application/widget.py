"""The store-website widget's data: a public tournament as a store's customer follows it,
as ``GET /tournaments/{tid}/live`` shows it (the route adds the ETag that lets browsers
and CDNs revalidate): the phase it is in (registration, the product phase, deck building,
a round, the top cut, the final, finished), the current seating, pairings or pods with
their results as a person reads them ("2–1", "draw", a bye), the round's clock while the
round is in play, the standings with dropped players marked, the Swiss top-cut bracket
and, once finished, the final standings and the winner.

:func:`live` shapes the document; the helpers below each read one structure's views."""
from __future__ import annotations

from typing import Any

from ..domain.tournament import TournamentState
from ..projections.queries import decks, swiss
from ..projections.queries.tournaments import all_players, summary_id
from . import clock, formats, play_views, tournament
from . import widget_final as final
from .reads import Reads

STANDINGS_SHOWN = 100
DASH = "\u2013"              # en dash: "2–1"

# What the product phase is called, by format (V:EKN 7.2-7.5; a Munchkin or MTG draft).
PRODUCT_PHASE = {"booster-draft": "Drafting", "table-draft": "Table draft",
                 "mixed-draft": "Drafting", "sealed": "Opening sealed product",
                 "sealed-swap": "Sealed deck swap", "restricted-trade": "Trading"}


class _People:
    """Names and statuses ("active", "dropped", ...) of the tournament's players."""

    def __init__(self, players: list[dict[str, Any]]):
        self.names = {p["player_id"]: p["name"] for p in players}
        self.statuses = {p["player_id"]: p.get("status", "active") for p in players}

    def who(self, pid: str | None) -> dict[str, Any] | None:
        if pid is None:
            return None
        return {"player_id": pid, "name": self.names.get(pid),
                "status": self.statuses.get(pid, "active")}

    def row(self, pid: str, dropped: bool = False) -> dict[str, Any]:
        """A standings row's player: marked dropped when the event says so even if
        the player list does not (yet)."""
        status = self.statuses.get(pid, "active")
        return {"player_id": pid, "name": self.names.get(pid),
                "status": "dropped" if dropped and status == "active" else status}


def _extended(extensions: list[dict[str, Any]], target: str, ends_at: str | None) -> Any:
    """A table's or match's deadline: its round's, or later when it was extended."""
    return next((e["ends_at"] for e in extensions if e["target"] == target), ends_at)


def _vp(halves: int | None) -> float | int | None:
    if halves is None:
        return None
    return halves // 2 if halves % 2 == 0 else halves / 2


def score_text(score: dict[str, int] | None) -> str | None:
    """A match's games as a person reads them: "2–1", "2–0–1" (with drawn games),
    "draw"; None before a final result."""
    if score is None:
        return None
    a, b, draws = score["a"], score["b"], score.get("draws", 0)
    if a == b:
        return "draw"
    return f"{a}{DASH}{b}" + (f"{DASH}{draws}" if draws else "")


def _winner_side(score: dict[str, int] | None) -> str | None:
    if score is None or score["a"] == score["b"]:
        return None
    return "a" if score["a"] > score["b"] else "b"


# -- multiplayer tables (V:EKN) -------------------------------------------------------

def _seat(people: _People, seat: int, pid: str, row: dict[str, Any] | None,
          dropped: bool = False) -> dict[str, Any]:
    return {"seat": seat, **people.row(pid, dropped),
            "vp": _vp(row["vp_halves"]) if row else None,
            "gw": row.get("gw") if row else None}


def _tables_live(views: Any, t: TournamentState, people: _People) -> tuple[Any, Any, Any]:
    """The current round or final, the standings and the final (V:EKN 3.1.3) if any."""
    index, docs = play_views.tables_rounds(views, t.id)
    if not index or not index.get("rounds") or not docs:
        return None, None, None
    settings = t.section("tables")
    final = index.get("final")
    if final and final.get("seating"):
        result = {r["player"]: r for r in final.get("result") or []}
        in_play = not result
        timed = clock.tables_clock(views, t, None)
        ends_at = timed["ends_at"] if in_play else None
        current = {"kind": "final", "number": None, "in_play": in_play,
                   "started_at": timed["started_at"], "ends_at": ends_at,
                   "extensions": timed["extensions"],
                   "tables": [{"table": 1, "reported": bool(result),
                               "ends_at": _extended(timed["extensions"], "F", ends_at)
                               if in_play else None, "seats": [
                       _seat(people, i, p, result.get(p))
                       for i, p in enumerate(final["seating"], start=1)]}],
                   "sitting_out": []}
    else:
        doc = docs[-1]
        in_play = any(table["result"] is None for table in doc["tables"])
        timed = clock.tables_clock(views, t, doc["round"])
        ends_at = timed["ends_at"] if in_play else None
        current = {"kind": "tables", "number": doc["round"], "of": settings.get("rounds"),
                   "in_play": in_play, "started_at": timed["started_at"],
                   "ends_at": ends_at, "extensions": timed["extensions"],
                   "tables": [{"table": table["table"], "reported": table["result"] is not None,
                               "ends_at": None if table["result"] is not None else _extended(
                                   timed["extensions"], f"T{doc['round']}-{table['table']}",
                                   ends_at),
                               "seats": [_seat(people, s["seat"], s["player_id"],
                                               _result_row(table, s["player_id"]),
                                               s.get("dropped", False))
                                         for s in table["seats"]]}
                              for table in doc["tables"]],
                   "sitting_out": [people.names.get(p, p) for p in doc.get("sitting_out", [])]}
    rows = play_views.table_standings(t, docs)
    counted = [d for d in docs if any(table["result"] is not None for table in d["tables"])]
    standings = {"scoring": "vtes-tables",
                 "after_round": counted[-1]["round"] if counted else None,
                 "partial": bool(counted) and any(table["result"] is None
                                                  for table in counted[-1]["tables"]),
                 "rows": [
        {"rank": r["rank"], **people.row(r["player"]),
         "gw": r["gw"], "vp": _vp(r["vp_halves"]), "tp": r["tp"]}
        for r in rows[:STANDINGS_SHOWN]]}
    return current, standings, final


def _result_row(table: dict[str, Any], pid: str) -> dict[str, Any] | None:
    return next((row for row in table.get("result") or [] if row["player_id"] == pid), None)


# -- Swiss ------------------------------------------------------------------------------

def _match(m: dict[str, Any], people: _People) -> dict[str, Any]:
    """A Swiss round's or a top-cut round's match as the widget shows it."""
    final = m.get("status") == "final"
    score = m.get("score") if final else None
    return {"table": m.get("table"), "a": people.who(m["a"]), "b": people.who(m["b"]),
            "score": m.get("score"), "status": m.get("status"),
            "result": score_text(score), "winner": _winner_side(score),
            "loss_by_drop": people.who(m.get("loss_by_drop"))}


def _cut_round_name(matches: int) -> str:
    return {1: "Final", 2: "Semifinals", 4: "Quarterfinals"}.get(matches,
                                                               f"Round of {2 * matches}")


def _bracket(doc: dict[str, Any] | None, people: _People) -> dict[str, Any] | None:
    if not doc:
        return None
    return {"size": doc["size"], "champion": people.who(doc.get("champion")),
            "rounds": [{"round": r["round"], "name": _cut_round_name(len(r["matches"])),
                        "best_of": r.get("best_of"),
                        "matches": [_match(m, people) for m in r["matches"]]}
                       for r in doc["rounds"]]}


def _timed(match: dict[str, Any], ends_at: str | None) -> dict[str, Any]:
    """A match of the current round with its deadline while it is being played."""
    return {**match, "ends_at": None if match["status"] == "final" else ends_at}


def _swiss_live(views: Any, t: TournamentState, people: _People) -> tuple[Any, Any, Any]:
    tid = t.id
    overview = play_views.swiss_overview(views, tid)
    if not overview or not overview.get("rounds_paired"):
        return None, None, None
    number = overview.get("current_round") or overview["rounds_paired"]
    doc = swiss.full_round(views, tid, number) or {"matches": [], "bye": None,
                                                   "closed": True}
    in_play = not doc.get("closed", True)
    bye = people.who(doc.get("bye"))
    ends_at = clock.swiss_round_ends(views, tid, number, doc.get("ends_at")) \
        if in_play else None
    extensions = clock.swiss_round_extensions(views, tid, number, doc.get("ends_at"))
    current = {"kind": "swiss", "number": number, "of": overview.get("planned_rounds"),
               "in_play": in_play, "started_at": None, "ends_at": ends_at,
               "extensions": extensions,
               "matches": [_timed(_match(m, people),
                                  _extended(extensions, m["match_id"], ends_at))
                           for m in doc["matches"]],
               "bye": None if bye is None else {**bye, "points": overview["points"]["bye"],
                                                "result": "bye"}}
    cut = views.get(swiss.bracket_id(tid)) if overview.get("top_cut") else None
    bracket = _bracket(cut, people)
    if bracket:
        live = next((r for r in bracket["rounds"]
                     if any(m["status"] != "final" for m in r["matches"])), None)
        shown = live or bracket["rounds"][-1]
        timed = clock.cut_clock(views, t, shown["round"])
        assert cut is not None                    # the bracket is drawn from it
        ids = [m["match_id"] for m in cut["rounds"][shown["round"] - 1]["matches"]]
        current = {"kind": "top-cut", "number": shown["round"], "of": len(bracket["rounds"]),
                   "name": shown["name"], "in_play": live is not None, "started_at": None,
                   "ends_at": timed["ends_at"] if live else None,
                   "extensions": timed["extensions"], "bye": None,
                   "matches": [_timed(m, timed["matches"].get(mid))
                               for mid, m in zip(ids, shown["matches"], strict=True)]}
    latest = play_views.latest_standings(views, tid, overview["rounds_paired"])
    standings = None if latest is None else {"scoring": "swiss", "after_round": latest.get("round"),
                                             "rows": [
        {"rank": r["rank"], **people.row(r["player_id"], r.get("dropped", False)),
         "points": r["points"], "wins": r["wins"], "losses": r["losses"],
         "draws": r["draws"], "byes": r.get("byes", 0), "record": final.record(r)}
        for r in latest["rows"][:STANDINGS_SHOWN]]}
    return current, standings, bracket


# -- free-for-all pods -----------------------------------------------------------------

def _ffa_live(views: Any, tid: str, people: _People) -> tuple[Any, Any, Any]:
    """Free-for-all pods (MTG 905.3): each reported pod's places, winner first."""
    doc = play_views.ffa(views, tid)
    if not doc or not doc.get("pods"):
        return None, None, None
    current = {"kind": "ffa", "number": 1, "in_play": False, "started_at": None,
               "ends_at": None,
               "tables": [{"table": p["pod"], "reported": True, "seats": [
                   {"seat": r["place"], **people.row(r["player"]), "vp": None, "gw": None}
                   for r in p["places"]]} for p in doc["pods"]],
               "sitting_out": []}
    standings = {"scoring": "free-for-all", "rows": [
        {"rank": r["rank"], **people.row(r["player"]),
         "pod": r["pod"], "place": r["place"], "outlasted": r["outlasted"]}
        for r in doc.get("standings", [])[:STANDINGS_SHOWN]]}
    return current, standings, None


# -- the phase and the end ---------------------------------------------------------------

def _phase(reads: Reads, t: TournamentState, status: str,
           current: dict[str, Any] | None) -> dict[str, Any]:
    """What a person calls the moment: its ``kind`` and a ``label`` to show."""
    if status == "registration":
        return {"kind": "registration", "label": "Registration open", "until": None}
    if status == "finished":
        return {"kind": "finished", "label": "Finished", "until": None}
    if current is None:
        if t.limited and formats.open_items(reads, t):
            return {"kind": "product", "label": PRODUCT_PHASE.get(t.format, "Product phase"),
                    "until": None}
        building = reads.views.get(decks.view_id(t.id)) or {}
        return {"kind": "deck-building", "label": "Deck building",
                "until": building.get("deadline")}
    kind = current["kind"]
    if kind == "final":
        label = "Final table" + ("" if current["in_play"] else ": result in")
        return {"kind": "final", "label": label, "until": current["ends_at"]}
    if kind == "top-cut":
        return {"kind": "top-cut", "label": f"Top cut: {current['name']}",
                "until": current["ends_at"]}
    if kind == "ffa":
        return {"kind": "round", "label": "Pod games", "until": None}
    of = f" of {current['of']}" if current.get("of") else ""
    state = "in play" if current["in_play"] else "complete"
    return {"kind": "round", "label": f"Round {current['number']}{of} {state}",
            "until": current["ends_at"]}


def _summary(reads: Reads, tid: str) -> dict[str, Any]:
    summary = reads.views.get(summary_id(tournament.checked_tid(tid)))
    if summary is None:
        raise tournament.tournament_not_found(tid)
    return summary


def require_public(reads: Reads, tid: str) -> None:
    """404 unless the tournament's public summary is there (the widget's page)."""
    _summary(reads, tid)


def live(reads: Reads, tid: str) -> dict[str, Any]:
    """What the widget shows of the tournament now (public)."""
    summary = _summary(reads, tid)
    t = tournament.load(reads, tid)
    views = reads.views
    people = _People(all_players(views, tid))
    current, standings, played = _tables_live(views, t, people)
    bracket = None
    if current is None:
        current, standings, played = _swiss_live(views, t, people)
        bracket = played
    if current is None:
        current, standings, played = _ffa_live(views, tid, people)
    finished = summary["status"] == "finished"
    if current is not None and finished:       # no clock once the event is over
        current = {**current, "in_play": False, "ends_at": None, **{
            key: [{**item, "ends_at": None} for item in current[key]]
            for key in ("tables", "matches") if key in current}}
    return {"tournament_id": tid, "name": summary["name"], "game": summary["game"],
            "format": summary["format"], "structure": summary["structure"],
            "status": summary["status"], "players": summary["players"]["active"],
            "phase": _phase(reads, t, summary["status"], current),
            "round": current, "standings": standings, "bracket": bracket,
            "final_standings": _shown(final.final_standings(standings, played, people))
            if finished else None}


def _shown(doc: dict[str, Any]) -> dict[str, Any]:
    return {**doc, "rows": doc["rows"][:STANDINGS_SHOWN]}
