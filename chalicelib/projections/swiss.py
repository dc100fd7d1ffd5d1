"""Swiss views, all from the ``swiss-<tid>`` stream: the overview, each round's pairings
and results, standings after each closed round (recomputed from a corrected round on),
and the top-cut bracket. ``swiss:<tid>:meta`` keeps what recomputing needs (settings,
the derived seed key, who joined and dropped when) and is never served."""
from __future__ import annotations

from typing import Any

from ..domain.swiss.pmap import PMap
from ..domain.swiss.records import records
from ..domain.swiss.results import Score
from ..domain.swiss.standings import as_json, rank
from ..domain.swiss.state import Match, Round, parse_match_id
from ..domain.swiss.tiebreakers import ORDER
from ..store.ports import StoredEvent
from .registry import Projection, ViewTx

projection = Projection("swiss")


def on(*event_types: str):
    """Register for event types of ``swiss-`` streams only (other capabilities use some
    of the same type names, e.g. the tournament's PlayerDropped)."""
    def register(handler):
        def guarded(event: StoredEvent, tx: ViewTx) -> None:
            if event.stream_id.startswith("swiss-"):
                handler(event, tx)
        guarded.__name__ = handler.__name__
        projection.on(*event_types)(guarded)
        return handler
    return register


def overview_id(tid: str) -> str:
    return f"swiss:{tid}"


def meta_id(tid: str) -> str:
    return f"swiss:{tid}:meta"


def round_id(tid: str, number: int) -> str:
    return f"swiss:{tid}:round:{number}"


def standings_id(tid: str, number: int) -> str:
    return f"swiss:{tid}:standings:{number}"


def bracket_id(tid: str) -> str:
    return f"swiss:{tid}:bracket"


def _tid(event: StoredEvent) -> str:
    return event.stream_id.split("-", 1)[1]


def match_doc(match_id: str, number: int, table: int, a: str | None, b: str | None,
              best_of: int) -> dict[str, Any]:
    return {"match_id": match_id, "round": number, "table": table, "a": a, "b": b,
            "best_of": best_of, "status": "open" if a and b else "waiting",
            "score": None, "reported": None, "corrected": False, "loss_by_drop": None}


def _put_overview(tx: ViewTx, tid: str, doc: dict[str, Any]) -> None:
    tx.put(overview_id(tid), doc, kind="swiss")


@on("SwissStarted")
def _started(event: StoredEvent, tx: ViewTx) -> None:
    tid, d = _tid(event), event.data
    s = d["settings"]
    tx.put(meta_id(tid), {"settings": s, "seed_key": d["seed_key"], "joined": {},
                          "dropped": {}}, kind="swiss-meta")
    _put_overview(tx, tid, {
        "tournament_id": tid, "planned_rounds": d["planned_rounds"],
        "planned_cut": d["planned_cut"], "rounds_paired": 0, "current_round": None,
        "tiebreakers": s["tiebreakers"], "best_of": s["best_of"],
        "points": {"win": s["points_win"], "draw": s["points_draw"],
                   "loss": s["points_loss"], "bye": s["points_bye"]},
        "draws_allowed": s["draws_allowed"], "pair_within_pods": s["pair_within_pods"],
        "rounds": [], "top_cut": None})


@on("RoundPaired")
def _paired(event: StoredEvent, tx: ViewTx) -> None:
    tid, d = _tid(event), event.data
    meta = dict(tx.get(meta_id(tid)))
    number = d["round"]
    meta["joined"] = {**meta["joined"], **{p: number for p in d["joined"]}}
    left = list(d.get("left", []))
    meta["dropped"] = {**meta["dropped"], **{p: number - 1 for p in left}}
    tx.put(meta_id(tid), meta, kind="swiss-meta")
    best_of = meta["settings"]["best_of"]
    tx.put(round_id(tid, number), {
        "tournament_id": tid, "round": number, "closed": False, "ends_at": d["ends_at"],
        "bye": d["bye"], "pairing": {"method": d["method"], "quality": d["quality"]},
        "matches": [match_doc(m["id"], number, m["table"], m["a"], m["b"], best_of)
                    for m in d["matches"]]}, kind="swiss-round")
    view = dict(tx.get(overview_id(tid)))
    view["rounds"] = view["rounds"] + [{"round": number, "matches": len(d["matches"]),
                                        "results": 0, "closed": False, "bye": d["bye"]}]
    view.update(rounds_paired=number, current_round=number)
    _put_overview(tx, tid, view)
    if left and number > 1:         # mark them dropped in the last standings
        _recompute(tx, tid, number - 1)


def _change_match(tx: ViewTx, tid: str, match_id: str, **fields: Any) -> bool:
    """Update one match doc; True when it had no final score before."""
    kind, number, index = parse_match_id(match_id)
    if kind == "R":
        view_id = round_id(tid, number)
        doc = dict(tx.get(view_id))
        matches = list(doc["matches"])
        was_open = matches[index - 1]["score"] is None
        matches[index - 1] = {**matches[index - 1], **fields}
        tx.put(view_id, {**doc, "matches": matches}, kind="swiss-round")
        return was_open
    doc = dict(tx.get(bracket_id(tid)))
    rounds = [dict(r) for r in doc["rounds"]]
    matches = list(rounds[number - 1]["matches"])
    was_open = matches[index - 1]["score"] is None
    matches[index - 1] = {**matches[index - 1], **fields}
    rounds[number - 1]["matches"] = matches
    tx.put(bracket_id(tid), {**doc, "rounds": rounds}, kind="swiss-bracket")
    return was_open


@on("ResultReported")
def _reported(event: StoredEvent, tx: ViewTx) -> None:
    d = event.data
    _change_match(tx, _tid(event), d["match"], status="reported",
                  reported={"by": d["by"], "score": d["score"], "at": d["at"]})


def _drop_loss(tx: ViewTx, tid: str, match_id: str, player: str | None) -> None:
    """Remember (or forget, after a correction) whose loss by drop a match is."""
    meta = dict(tx.get(meta_id(tid)))
    losses = {p: m for p, m in meta.get("drop_losses", {}).items() if m != match_id}
    if player is not None:
        losses[player] = match_id
    if losses != meta.get("drop_losses", {}):
        tx.put(meta_id(tid), {**meta, "drop_losses": losses}, kind="swiss-meta")


@on("ResultConfirmed", "ResultEntered")
def _final(event: StoredEvent, tx: ViewTx) -> None:
    tid, d = _tid(event), event.data
    dropped = d.get("loss_by_drop")
    was_open = _change_match(tx, tid, d["match"], status="final", score=d["score"],
                             reported=None, loss_by_drop=dropped)
    if dropped:
        _drop_loss(tx, tid, d["match"], dropped)
    kind, number, _ = parse_match_id(d["match"])
    if kind == "R" and was_open:
        view = dict(tx.get(overview_id(tid)))
        rounds = list(view["rounds"])
        rounds[number - 1] = {**rounds[number - 1], "results": rounds[number - 1]["results"] + 1}
        _put_overview(tx, tid, {**view, "rounds": rounds})


@on("ResultCorrected")
def _corrected(event: StoredEvent, tx: ViewTx) -> None:
    tid, d = _tid(event), event.data
    _change_match(tx, tid, d["match"], status="final", score=d["score"], corrected=True,
                  reported=None, loss_by_drop=None)
    _drop_loss(tx, tid, d["match"], None)
    kind, number, _ = parse_match_id(d["match"])
    if kind == "R":
        _recompute(tx, tid, number)


@on("RoundClosed")
def _closed(event: StoredEvent, tx: ViewTx) -> None:
    tid, number = _tid(event), event.data["round"]
    doc = tx.get(round_id(tid, number))
    tx.put(round_id(tid, number), {**doc, "closed": True}, kind="swiss-round")
    view = dict(tx.get(overview_id(tid)))
    rounds = list(view["rounds"])
    rounds[number - 1] = {**rounds[number - 1], "closed": True}
    _put_overview(tx, tid, {**view, "rounds": rounds})
    _recompute(tx, tid, number)


@on("PlayerDropped")
def _dropped(event: StoredEvent, tx: ViewTx) -> None:
    tid, d = _tid(event), event.data
    meta = dict(tx.get(meta_id(tid)))
    meta["dropped"] = {**meta["dropped"], d["player"]: d["after_round"]}
    tx.put(meta_id(tid), meta, kind="swiss-meta")
    if d["after_round"]:
        _recompute(tx, tid, d["after_round"])


@on("StructureSet")
def _structure(event: StoredEvent, tx: ViewTx) -> None:
    view = tx.get(overview_id(_tid(event)))
    if view is None:        # before the first round: SwissStarted carries the plan
        return
    d = event.data
    view = dict(view)
    if d["rounds"] is not None:
        view["planned_rounds"] = d["rounds"]
    if d["top_cut"] is not None:
        view["planned_cut"] = d["top_cut"]
    _put_overview(tx, _tid(event), view)


def _round_of(doc: dict[str, Any]) -> Round:
    matches, results = [], PMap()
    for m in doc["matches"]:
        matches.append(Match(m["match_id"], doc["round"], m["table"], m["a"], m["b"]))
        if m["score"] is not None:
            results = results.set(m["match_id"], Score.from_dict(m["score"]))
    return Round(doc["round"], tuple(matches), doc["bye"], results, closed=doc["closed"])


def _recompute(tx: ViewTx, tid: str, start: int) -> None:
    """Standings after each closed round from ``start`` to the last closed one."""
    meta = tx.get(meta_id(tid))
    settings = meta["settings"]
    rounds: list[Round] = []
    number = 1
    while True:
        doc = tx.get(round_id(tid, number))
        if doc is None or not doc["closed"]:
            break
        rounds.append(_round_of(doc))
        number += 1
    for upto in range(max(1, start), len(rounds) + 1):
        players = sorted(p for p, first in meta["joined"].items() if first <= upto)
        recs = records(rounds[:upto], settings, players)
        dropped = [p for p, after in meta["dropped"].items() if after <= upto]
        table = rank(recs, settings, meta["seed_key"], dropped, upto)
        losses = {p: m for p, m in meta.get("drop_losses", {}).items()
                  if m.startswith("R") and parse_match_id(m)[1] <= upto}
        tx.put(standings_id(tid, upto), {
            "tournament_id": tid, "round": upto, "tiebreak_chain": settings["tiebreakers"],
            "tiebreakers": [*ORDER[settings["tiebreakers"]], "coin"],
            "rows": [standing_row(s, losses.get(s.record.player)) for s in table]},
            kind="swiss-standings")


def standing_row(s: Any, drop_loss: str | None = None) -> dict[str, Any]:
    """One standings row; ``drop_loss`` is the match the player lost by dropping."""
    r = s.record
    return {"rank": s.rank, "player_id": r.player, "points": r.points, "wins": r.wins,
            "losses": r.losses, "draws": r.draws, "byes": r.byes,
            "games": {"won": r.game_wins, "lost": r.game_losses, "drawn": r.game_draws},
            "dropped": s.dropped,
            "loss_by_drop": None if drop_loss is None else
            {"round": parse_match_id(drop_loss)[1], "match_id": drop_loss},
            "tiebreakers": {k: as_json(v) for k, v in s.tiebreakers.items()},
            "coin": s.coin}


@on("TopCutStarted")
def _cut(event: StoredEvent, tx: ViewTx) -> None:
    tid, d = _tid(event), event.data
    settings = tx.get(meta_id(tid))["settings"]
    last = len(d["rounds"])
    rounds = []
    for r, matches in enumerate(d["rounds"], start=1):
        best_of = settings["final_best_of"] if r == last else settings["top_cut_best_of"]
        rounds.append({"round": r, "best_of": best_of,
                       "matches": [match_doc(m["id"], r, m["table"], m["a"], m["b"], best_of)
                                   for m in matches]})
    tx.put(bracket_id(tid), {"tournament_id": tid, "size": d["size"], "seeds": d["seeds"],
                             "rounds": rounds, "champion": None}, kind="swiss-bracket")
    view = dict(tx.get(overview_id(tid)))
    _put_overview(tx, tid, {**view, "current_round": None,
                            "top_cut": {"size": d["size"], "champion": None}})


@on("CutAdvanced")
def _advanced(event: StoredEvent, tx: ViewTx) -> None:
    d = event.data
    _, number, index = parse_match_id(d["to"])
    tid = _tid(event)
    doc = tx.get(bracket_id(tid))
    match = doc["rounds"][number - 1]["matches"][index - 1]
    other = match["b"] if d["slot"] == "a" else match["a"]
    _change_match(tx, tid, d["to"], **{d["slot"]: d["winner"]},
                  status="open" if other else "waiting", reported=None)


@on("CutFinished")
def _finished(event: StoredEvent, tx: ViewTx) -> None:
    tid = _tid(event)
    champion = event.data["champion"]
    tx.put(bracket_id(tid), {**tx.get(bracket_id(tid)), "champion": champion},
           kind="swiss-bracket")
    view = tx.get(overview_id(tid))
    _put_overview(tx, tid, {**view, "top_cut": {**view["top_cut"], "champion": champion}})
