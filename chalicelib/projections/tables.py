"""Public views of multiplayer tables (V:EKN) and free-for-all pods.

``tables:<tid>:round:<n>`` one round: tables with seats and results, sit-outs and the
cumulative R1-R9 violations of the seating through that round; ``tables:<tid>`` the
index of rounds and the final; ``ffa:<tid>`` the pods' results. All docs of one
tournament's ``tables-`` stream are written by its handlers only (ffa likewise).

While a round seated with a stream per table is open, each table's own stream projects
its live result and drops (``table_results.py``); readers join them (:func:`full_round`)."""
from __future__ import annotations

from typing import Any

from ..domain.events import Event
from ..domain.ffa.events import FfaPodReported
from ..domain.ffa.result import standings as ffa_standings
from ..domain.tables import events as ev
from ..domain.tables import evolve as d
from ..domain.tables.criteria import report
from ..domain.tables.drops import without
from .queries.tables import ffa_id, index_id, round_id
from .registry import Projection, Stored, ViewTx

projection = Projection("tables", streams=("tables", "ffa"))   # a table's own: table_results
on = projection.on


def _tid(event: Stored[Event]) -> str:
    return event.stream_id.split("-", 1)[1]


def _index(tx: ViewTx, tid: str) -> dict[str, Any]:
    return dict(tx.get(index_id(tid)) or {"tournament_id": tid, "settings": None,
                                          "rounds": [], "final": None})


def _seating(doc: dict[str, Any]) -> list[list[str]]:
    return [[s["player_id"] for s in t["seats"]] for t in doc["tables"]]


def _round_doc(tx: ViewTx, tid: str, number: int, tables: list[list[str]],
               sitting_out: list[str], results: dict[int, Any],
               dropped: frozenset[str] = frozenset(), per_table: bool = False,
               closed: bool = False) -> dict[str, Any]:
    """``dropped``: players who left after this seating and take a Loss (V:EKN 3.1.4);
    ``per_table``: each table has its own stream until the round is ``closed``."""
    history = [_seating(tx.need(round_id(tid, k))) for k in range(1, number)]
    return {
        "tournament_id": tid, "round": number, "per_table": per_table, "closed": closed,
        "tables": [{"table": n, "size": len(t),
                    "seats": [{"seat": s, "player_id": p, "dropped": p in dropped}
                              for s, p in enumerate(t, start=1)],
                    "result": results.get(n)}
                   for n, t in enumerate(tables, start=1)],
        "sitting_out": sitting_out,
        "violations": report(history + [tables]),
    }


def _save_round(tx: ViewTx, tid: str, doc: dict[str, Any]) -> None:
    tx.put(round_id(tid, doc["round"]), doc, kind="tables-round",
           sort=f"{tid}|{doc['round']:04d}")
    index = _index(tx, tid)
    rounds = [r for r in index["rounds"] if r["round"] != doc["round"]]
    rounds.append({"round": doc["round"], "tables": len(doc["tables"]),
                   "reported": sum(1 for t in doc["tables"] if t["result"] is not None),
                   "per_table": doc.get("per_table", False) and not doc.get("closed"),
                   "violations": {v["rule"]: v["count"] for v in doc["violations"]}})
    index["rounds"] = sorted(rounds, key=lambda r: r["round"])
    tx.put(index_id(tid), index, kind="tables")


def _results_of(doc: dict[str, Any]) -> dict[int, Any]:
    return {t["table"]: t["result"] for t in doc["tables"] if t["result"] is not None}


def _dropped_of(doc: dict[str, Any]) -> frozenset[str]:
    return frozenset(s["player_id"] for t in doc["tables"] for s in t["seats"]
                     if s.get("dropped"))


@on(ev.TablesRoundSeated)
def _seated(event: Stored[ev.TablesRoundSeated], tx: ViewTx) -> None:
    tid, e = _tid(event), event.event
    if e.settings is not None:
        index = _index(tx, tid)
        index["settings"] = e.settings
        tx.put(index_id(tid), index, kind="tables")
    _save_round(tx, tid, _round_doc(tx, tid, e.round, e.tables, e.sitting_out, {},
                                    per_table=e.results_in == "table"))


@on(ev.TablesSeatsSwapped)
def _swapped(event: Stored[ev.TablesSeatsSwapped], tx: ViewTx) -> None:
    tid, e = _tid(event), event.event
    doc = tx.need(round_id(tid, e.round))
    tables, out = d.swapped(tuple(tuple(t) for t in _seating(doc)),
                            tuple(doc["sitting_out"]), *e.players)
    _save_round(tx, tid, _round_doc(tx, tid, e.round, [list(t) for t in tables],
                                    list(out), _results_of(doc), _dropped_of(doc),
                                    doc.get("per_table", False), doc.get("closed", False)))


@on(ev.TablesRoundMigrated)
def _round_migrated(event: Stored[ev.TablesRoundMigrated], tx: ViewTx) -> None:
    """An old-layout round in today's: closed as TablesRoundClosed closes one, or open with
    its tables' results in their own streams."""
    tid, e = _tid(event), event.event
    if e.tables is not None:
        _closing(tx, tid, e.round, e.tables)
        return
    doc = tx.need(round_id(tid, e.round))
    _save_round(tx, tid, _round_doc(tx, tid, e.round, _seating(doc), list(doc["sitting_out"]),
                                    {}, frozenset(), per_table=True))


@on(ev.TablesRoundClosed)
def _round_closed(event: Stored[ev.TablesRoundClosed], tx: ViewTx) -> None:
    _closing(tx, _tid(event), event.event.round, event.event.tables)


def _closing(tx: ViewTx, tid: str, number: int, closed: list[dict[str, Any]]) -> None:
    """Round ``number`` closed with each table's {seats, dropped, results}."""
    doc = tx.need(round_id(tid, number))
    tables = [t["seats"] for t in closed]
    results = {k: [{"player_id": p, **t["results"][p]} for p in t["seats"]]
               for k, t in enumerate(closed, start=1)}
    dropped = frozenset(p for t in closed for p in t["dropped"])
    _save_round(tx, tid, _round_doc(tx, tid, number, tables, list(doc["sitting_out"]),
                                    results, dropped, per_table=True, closed=True))


@on(ev.TablesPlayerDropped)
def _dropped(event: Stored[ev.TablesPlayerDropped], tx: ViewTx) -> None:
    tid, e = _tid(event), event.event
    doc = tx.need(round_id(tid, e.round))
    tables, dropped = _seating(doc), _dropped_of(doc)
    if e.loss:
        dropped = dropped | {e.player}
    else:
        tables = [list(t) for t in without(tuple(tuple(t) for t in tables), e.player)]
    _save_round(tx, tid, _round_doc(tx, tid, e.round, tables, list(doc["sitting_out"]),
                                    _results_of(doc), dropped))


@on(ev.TablesTableReported)
def _reported(event: Stored[ev.TablesTableReported], tx: ViewTx) -> None:
    tid, e = _tid(event), event.event
    doc = dict(tx.need(round_id(tid, e.round)))
    table = next(t for t in doc["tables"] if t["table"] == e.table)
    seats = [s["player_id"] for s in table["seats"]]
    result = [{"player_id": p, **e.results[p]} for p in seats if p in e.results]
    doc["tables"] = [{**t, "result": result} if t["table"] == e.table else t
                     for t in doc["tables"]]
    _save_round(tx, tid, doc)


def _final(tx: ViewTx, tid: str, change) -> None:
    index = _index(tx, tid)
    index["final"] = change(dict(index["final"] or {}))
    tx.put(index_id(tid), index, kind="tables")


@on(ev.TablesFinalStarted)
def _final_started(event: Stored[ev.TablesFinalStarted], tx: ViewTx) -> None:
    q = event.event.qualifiers
    _final(tx, _tid(event), lambda f: {
        "qualifiers": q, "row": [], "next": q[-1], "seating": None, "first_player": None,
        "result": None, "standings": event.event.standings})


@on(ev.TablesFinalCardPlaced)
def _card(event: Stored[ev.TablesFinalCardPlaced], tx: ViewTx) -> None:
    row = event.event.row

    def change(f):
        q = f["qualifiers"]
        return {**f, "row": row, "next": q[len(q) - 1 - len(row)] if len(row) < len(q) else None}
    _final(tx, _tid(event), change)


@on(ev.TablesFinalSeated)
def _final_seated(event: Stored[ev.TablesFinalSeated], tx: ViewTx) -> None:
    _final(tx, _tid(event), lambda f: {**f, "seating": event.event.seating,
                                       "first_player": event.event.first_player})


@on(ev.TablesFinalReported)
def _final_reported(event: Stored[ev.TablesFinalReported], tx: ViewTx) -> None:
    _final(tx, _tid(event), lambda f: {**f, "result": event.event.standings})


@projection.on(FfaPodReported)
def _pod(stored: Stored[FfaPodReported], tx: ViewTx) -> None:
    tid, e = _tid(stored), stored.event
    doc = dict(tx.get(ffa_id(tid)) or {"tournament_id": tid, "pods": []})
    pods = [p for p in doc["pods"] if p["pod"] != e.pod]
    pods.append({"pod": e.pod, "winner": e.winner, "eliminated": e.eliminated,
                 "places": e.places})
    pods.sort(key=lambda p: p["pod"])
    doc["pods"] = pods
    doc["standings"] = ffa_standings({p["pod"]: p["places"] for p in pods})
    tx.put(ffa_id(tid), doc, kind="ffa")


