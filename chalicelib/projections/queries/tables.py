"""The read side of ``projections/tables.py``: the ids of its view documents and
the readers the use cases call (the handlers writing them stay in that module)."""
from __future__ import annotations

from typing import Any


def index_id(tid: str) -> str:
    return f"tables:{tid}"


def round_id(tid: str, number: int) -> str:
    return f"tables:{tid}:round:{number}"


def ffa_id(tid: str) -> str:
    return f"ffa:{tid}"


def full_round(views, tid: str, number: int) -> dict[str, Any] | None:
    """A round as its view shows it: while a per-table round is open, each table's live
    result and drops from its own stream joined in (a result the tables stream holds, a
    correction, wins)."""
    doc = views.get(round_id(tid, number))
    if doc is None or not doc.get("per_table") or doc.get("closed"):
        return public_round(doc)
    own = views.get_many([table_doc_id(tid, number, t["table"]) for t in doc["tables"]])
    tables = []
    for t in doc["tables"]:
        live = own.get(table_doc_id(tid, number, t["table"]))
        if live is None:
            tables.append(t)
            continue
        seats = [{**s, "dropped": s["dropped"] or s["player_id"] in live["dropped"]}
                 for s in t["seats"] if s["player_id"] not in live["unseated"]]
        result = t["result"]
        if result is None and live["results"] is not None:
            result = [{"player_id": s["player_id"], **live["results"][s["player_id"]]}
                      for s in seats]
        tables.append({**t, "seats": seats, "size": len(seats), "result": result})
    return public_round({**doc, "tables": tables})


def public_round(doc: dict[str, Any] | None) -> dict[str, Any] | None:
    """The round without what only readers of the views need."""
    if doc is None:
        return None
    return {k: v for k, v in doc.items() if k not in ("per_table", "closed")}


def table_doc_id(tid: str, number: int, table: int) -> str:
    return f"tables:{tid}:table:{number}:{table}"
