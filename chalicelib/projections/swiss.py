"""Swiss views from the ``swiss-<tid>`` stream: the overview, each round's pairings (a
header and pages of matches), standings after each closed round (a header and pages of
rows, recomputed from a corrected round on), and the top-cut bracket.

A round's matches show what this stream knows: the pairing, and the results once the
round closed (or a correction, or a round paired before matches had streams of their
own). While a round is open each match's own stream projects its live result
(``swiss_matches.py``) and the reader joins them (:func:`merged`).
``swiss:<tid>:meta`` keeps what recomputing needs and is never served."""
from __future__ import annotations

from typing import Any

from ..domain.events import Event
from ..domain.swiss import events as ev
from ..domain.swiss.aggregate import SWISS
from ..domain.swiss.records import records
from ..domain.swiss.standings import as_json, rank
from ..domain.swiss.state import Round, SwissState, parse_match_id
from ..domain.swiss.tiebreakers import ORDER
from .queries.swiss import (
    ROUND_PAGE,
    STANDINGS_PAGE,
    bracket_id,
    meta_id,
    overview_id,
    round_id,
    round_page_id,
    standings_id,
    standings_page_id,
)
from .registry import Projection, Stored, ViewTx

# each match's own stream records the same result events: swiss_matches.py
projection = Projection("swiss", streams=("swiss",))
on = projection.on


def _tid(event: Stored[Event]) -> str:
    return event.stream_id.split("-", 1)[1]


def match_doc(match_id: str, number: int, table: int, a: str | None, b: str | None,
              best_of: int) -> dict[str, Any]:
    return {"match_id": match_id, "round": number, "table": table, "a": a, "b": b,
            "best_of": best_of, "status": "open" if a and b else "waiting",
            "score": None, "reported": None, "corrected": False, "loss_by_drop": None}


def _put_overview(tx: ViewTx, tid: str, doc: dict[str, Any]) -> None:
    tx.put(overview_id(tid), doc, kind="swiss")


@on(ev.SwissStarted)
def _started(stored: Stored[ev.SwissStarted], tx: ViewTx) -> None:
    e = stored.event
    tid, s = _tid(stored), e.settings
    tx.put(meta_id(tid), {"settings": s, "seed_key": e.seed_key, "dropped": {}},
           kind="swiss-meta")
    _put_overview(tx, tid, {
        "tournament_id": tid, "planned_rounds": e.planned_rounds,
        "planned_cut": e.planned_cut, "rounds_paired": 0, "current_round": None,
        "tiebreakers": s["tiebreakers"], "best_of": s["best_of"],
        "points": {"win": s["points_win"], "draw": s["points_draw"],
                   "loss": s["points_loss"], "bye": s["points_bye"]},
        "draws_allowed": s["draws_allowed"], "pair_within_pods": s["pair_within_pods"],
        "rounds": [], "top_cut": None})


# -- a round's pages --------------------------------------------------------------


def _save_pages(tx: ViewTx, tid: str, number: int, pages: dict[int, list[dict]]) -> None:
    for k, matches in pages.items():
        tx.put(round_page_id(tid, number, k), {"matches": matches}, kind="swiss-round-page")


def _change_entries(tx: ViewTx, tid: str, number: int,
                    changes: dict[int, dict[str, Any]]) -> None:
    """Update matches of round ``number`` by table (only the pages they are on)."""
    pages: dict[int, list[dict]] = {}
    for table, fields in changes.items():
        k = (table - 1) // ROUND_PAGE
        if k not in pages:
            pages[k] = list(tx.need(round_page_id(tid, number, k))["matches"])
        i = (table - 1) % ROUND_PAGE
        pages[k][i] = {**pages[k][i], **fields}
    _save_pages(tx, tid, number, pages)


def pairing_header(e: ev.RoundPaired) -> dict[str, Any]:
    """How the round was paired."""
    return {"method": e.method, "quality": e.quality, "optimal": e.optimal,
            "bound": e.bound, "gap": e.gap}


@on(ev.RoundPaired)
def _paired(stored: Stored[ev.RoundPaired], tx: ViewTx) -> None:
    e = stored.event
    tid, number = _tid(stored), e.round
    meta = dict(tx.need(meta_id(tid)))
    left = list(e.left)
    if left:
        meta["dropped"] = {**meta["dropped"], **{p: number - 1 for p in left}}
        tx.put(meta_id(tid), meta, kind="swiss-meta")
    best_of = meta["settings"]["best_of"]
    entries = [match_doc(m["id"], number, m["table"], m["a"], m["b"], best_of)
               for m in e.matches()]
    pages = {k: entries[k * ROUND_PAGE:(k + 1) * ROUND_PAGE]
             for k in range(max(1, -(-len(entries) // ROUND_PAGE)))}
    tx.put(round_id(tid, number), {
        "tournament_id": tid, "round": number, "closed": False, "ends_at": e.ends_at,
        "bye": e.bye, "pairing": pairing_header(e), "results_in": e.results_in,
        "total": len(entries), "pages": len(pages)}, kind="swiss-round")
    _save_pages(tx, tid, number, pages)
    view = dict(tx.need(overview_id(tid)))
    view["rounds"] = view["rounds"] + [{"round": number, "matches": len(entries),
                                        "results": 0, "closed": False, "bye": e.bye,
                                        "results_in": e.results_in}]
    view.update(rounds_paired=number, current_round=number)
    _put_overview(tx, tid, view)
    if left and number > 1:         # mark them dropped in the last standings
        _recompute(tx, stored, number - 1)


def _count_result(tx: ViewTx, tid: str, number: int, added: int) -> None:
    view = dict(tx.need(overview_id(tid)))
    rounds = list(view["rounds"])
    rounds[number - 1] = {**rounds[number - 1], "results": rounds[number - 1]["results"] + added}
    _put_overview(tx, tid, {**view, "rounds": rounds})


def _change_cut_match(tx: ViewTx, tid: str, number: int, index: int, **fields: Any) -> bool:
    doc = dict(tx.need(bracket_id(tid)))
    rounds = [dict(r) for r in doc["rounds"]]
    matches = list(rounds[number - 1]["matches"])
    was_open = matches[index - 1]["score"] is None
    matches[index - 1] = {**matches[index - 1], **fields}
    rounds[number - 1]["matches"] = matches
    tx.put(bracket_id(tid), {**doc, "rounds": rounds}, kind="swiss-bracket")
    return was_open


def _change_match(tx: ViewTx, tid: str, match_id: str, **fields: Any) -> bool:
    """Update one match this stream records (a round's entry or a cut match); True when
    it had no final score before."""
    kind, number, index = parse_match_id(match_id)
    if kind == "C":
        return _change_cut_match(tx, tid, number, index, **fields)
    k = (index - 1) // ROUND_PAGE
    was_open = tx.need(round_page_id(tid, number, k))["matches"][(index - 1) % ROUND_PAGE][
        "score"] is None
    _change_entries(tx, tid, number, {index: fields})
    return was_open


@on(ev.ResultReported)
def _reported(stored: Stored[ev.ResultReported], tx: ViewTx) -> None:
    e = stored.event
    _change_match(tx, _tid(stored), e.match, status="reported",
                  reported={"by": e.by, "score": e.score, "at": e.at})


def _drop_loss(tx: ViewTx, tid: str, match_id: str, player: str | None) -> None:
    """Remember (or forget, after a correction) whose loss by drop a match is."""
    meta = dict(tx.need(meta_id(tid)))
    losses = {p: m for p, m in meta.get("drop_losses", {}).items() if m != match_id}
    if player is not None:
        losses[player] = match_id
    if losses != meta.get("drop_losses", {}):
        tx.put(meta_id(tid), {**meta, "drop_losses": losses}, kind="swiss-meta")


@on(ev.ResultConfirmed, ev.ResultEntered)
def _final(stored: Stored[ev.ResultConfirmed | ev.ResultEntered], tx: ViewTx) -> None:
    """A cut result, or a result of a round paired before matches had own streams."""
    e = stored.event
    tid = _tid(stored)
    dropped = e.loss_by_drop if isinstance(e, ev.ResultEntered) else None
    was_open = _change_match(tx, tid, e.match, status="final", score=e.score,
                             reported=None, loss_by_drop=dropped)
    if dropped:
        _drop_loss(tx, tid, e.match, dropped)
    kind, number, _ = parse_match_id(e.match)
    if kind == "R" and was_open:
        _count_result(tx, tid, number, 1)


@on(ev.ResultCorrected)
def _corrected(stored: Stored[ev.ResultCorrected], tx: ViewTx) -> None:
    e = stored.event
    tid = _tid(stored)
    kind, number, _ = parse_match_id(e.match)
    was_open = _change_match(tx, tid, e.match, status="final", score=e.score,
                             corrected=True, reported=None, loss_by_drop=None)
    _drop_loss(tx, tid, e.match, None)
    if kind == "R":
        header = tx.need(round_id(tid, number))
        if was_open and header["closed"] is False and header["results_in"] == "swiss":
            _count_result(tx, tid, number, 1)
        _recompute(tx, stored, number)


def _final_results(tx: ViewTx, tid: str, e: ev.RoundClosed | ev.RoundResultsMigrated) -> None:
    number, corrected, losses = e.round, set(e.corrected), e.drop_losses
    _change_entries(tx, tid, number, {
        table: {"status": "final", "score": {"a": a, "b": b, "draws": draws},
                "reported": None, "corrected": f"R{number}-{table}" in corrected,
                "loss_by_drop": losses.get(f"R{number}-{table}")}
        for table, (a, b, draws) in enumerate(e.results or [], start=1)})
    for match_id, player in losses.items():
        _drop_loss(tx, tid, match_id, player)


@on(ev.RoundResultsMigrated)
def _migrated(stored: Stored[ev.RoundResultsMigrated], tx: ViewTx) -> None:
    """An old-layout round in today's: a closed one with its final results as RoundClosed
    records them; an open one counts its results from the matches' streams' tally."""
    e = stored.event
    tid, number = _tid(stored), e.round
    header = tx.need(round_id(tid, number))
    tx.put(round_id(tid, number), {**header, "results_in": "match"}, kind="swiss-round")
    if e.results is not None:
        _final_results(tx, tid, e)
    view = dict(tx.need(overview_id(tid)))
    rounds = list(view["rounds"])
    counted = {} if e.results is not None else {"results": 0}
    rounds[number - 1] = {**rounds[number - 1], "results_in": "match", **counted}
    _put_overview(tx, tid, {**view, "rounds": rounds})


@on(ev.RoundClosed)
def _closed(stored: Stored[ev.RoundClosed], tx: ViewTx) -> None:
    e = stored.event
    tid, number = _tid(stored), e.round
    header = tx.need(round_id(tid, number))
    tx.put(round_id(tid, number), {**header, "closed": True}, kind="swiss-round")
    if e.results is not None:       # the results the matches' own streams recorded
        _final_results(tx, tid, e)
    view = dict(tx.need(overview_id(tid)))
    rounds = list(view["rounds"])
    rounds[number - 1] = {**rounds[number - 1], "closed": True,
                          "results": rounds[number - 1]["matches"]}
    _put_overview(tx, tid, {**view, "rounds": rounds})
    _recompute(tx, stored, number)


@on(ev.SwissPlayerDropped)
def _dropped(stored: Stored[ev.SwissPlayerDropped], tx: ViewTx) -> None:
    e = stored.event
    tid = _tid(stored)
    meta = dict(tx.need(meta_id(tid)))
    meta["dropped"] = {**meta["dropped"], e.player: e.after_round}
    tx.put(meta_id(tid), meta, kind="swiss-meta")
    if e.after_round:
        _recompute(tx, stored, e.after_round)


@on(ev.SwissPlayerReinstated)
def _reinstated(stored: Stored[ev.SwissPlayerReinstated], tx: ViewTx) -> None:
    e = stored.event
    tid = _tid(stored)
    meta = dict(tx.need(meta_id(tid)))
    after = meta["dropped"].get(e.player)
    meta["dropped"] = {p: n for p, n in meta["dropped"].items() if p != e.player}
    tx.put(meta_id(tid), meta, kind="swiss-meta")
    if after:
        _recompute(tx, stored, after)


@on(ev.StructureSet)
def _structure(stored: Stored[ev.StructureSet], tx: ViewTx) -> None:
    view = tx.get(overview_id(_tid(stored)))
    if view is None:        # before the first round: ev.SwissStarted carries the plan
        return
    e = stored.event
    view = dict(view)
    if e.rounds is not None:
        view["planned_rounds"] = e.rounds
    if e.top_cut is not None:
        view["planned_cut"] = e.top_cut
    _put_overview(tx, _tid(stored), view)


# -- standings --------------------------------------------------------------------

def _recompute(tx: ViewTx, stored: Stored[Event], start: int) -> None:
    """Standings after each closed round from ``start`` to the last closed one, ranked
    from the rounds the Swiss decider folds from the stream's events up to ``stored``
    (not rebuilt from the round documents)."""
    tid = _tid(stored)
    meta = tx.need(meta_id(tid))
    settings = meta["settings"]
    state: SwissState = tx.fold(SWISS, stored.stream_id, stored.version)
    rounds: list[Round] = []
    for rnd in state.rounds:
        if not rnd.closed:
            break
        rounds.append(rnd)
    seen: set[str] = set()
    joined = []      # players of rounds 1..n: everyone active is paired or has the bye
    for rnd in rounds:
        seen.update(p for m in rnd.matches for p in (m.a, m.b) if p)
        seen.update([rnd.bye] if rnd.bye else [])
        joined.append(sorted(seen))
    for upto in range(max(1, start), len(rounds) + 1):
        players = joined[upto - 1]
        recs = records(rounds[:upto], settings, players)
        dropped = [p for p, after in meta["dropped"].items() if after <= upto]
        table = rank(recs, settings, meta["seed_key"], dropped, upto)
        losses = {p: m for p, m in meta.get("drop_losses", {}).items()
                  if m.startswith("R") and parse_match_id(m)[1] <= upto}
        rows = [standing_row(s, losses.get(s.record.player)) for s in table]
        pages = max(1, -(-len(rows) // STANDINGS_PAGE))
        tx.put(standings_id(tid, upto), {
            "tournament_id": tid, "round": upto, "tiebreak_chain": settings["tiebreakers"],
            "tiebreakers": [*ORDER[settings["tiebreakers"]], "coin"], "total": len(rows),
            "pages": pages}, kind="swiss-standings")
        for k in range(pages):
            tx.put(standings_page_id(tid, upto, k),
                   {"rows": rows[k * STANDINGS_PAGE:(k + 1) * STANDINGS_PAGE]},
                   kind="swiss-standings-page")


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


# -- the top cut ------------------------------------------------------------------

@on(ev.TopCutStarted)
def _cut(stored: Stored[ev.TopCutStarted], tx: ViewTx) -> None:
    e = stored.event
    tid = _tid(stored)
    settings = tx.need(meta_id(tid))["settings"]
    last = len(e.rounds)
    rounds = []
    for r, matches in enumerate(e.rounds, start=1):
        best_of = settings["final_best_of"] if r == last else settings["top_cut_best_of"]
        rounds.append({"round": r, "best_of": best_of,
                       "matches": [match_doc(m["id"], r, m["table"], m["a"], m["b"], best_of)
                                   for m in matches]})
    tx.put(bracket_id(tid), {"tournament_id": tid, "size": e.size, "seeds": e.seeds,
                             "rounds": rounds, "champion": None}, kind="swiss-bracket")
    view = dict(tx.need(overview_id(tid)))
    _put_overview(tx, tid, {**view, "current_round": None,
                            "top_cut": {"size": e.size, "champion": None}})


@on(ev.CutAdvanced)
def _advanced(stored: Stored[ev.CutAdvanced], tx: ViewTx) -> None:
    e = stored.event
    _, number, index = parse_match_id(e.to)
    tid = _tid(stored)
    doc = tx.need(bracket_id(tid))
    match = doc["rounds"][number - 1]["matches"][index - 1]
    other = match["b"] if e.slot == "a" else match["a"]
    _change_match(tx, tid, e.to, **{e.slot: e.winner},
                  status="open" if other else "waiting", reported=None)


@on(ev.CutFinished)
def _finished(stored: Stored[ev.CutFinished], tx: ViewTx) -> None:
    tid = _tid(stored)
    champion = stored.event.champion
    tx.put(bracket_id(tid), {**tx.need(bracket_id(tid)), "champion": champion},
           kind="swiss-bracket")
    view = tx.need(overview_id(tid))
    _put_overview(tx, tid, {**view, "top_cut": {**view["top_cut"], "champion": champion}})


