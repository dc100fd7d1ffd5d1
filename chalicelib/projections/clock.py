"""The event's clock beyond the Swiss rounds' own ``ends_at``: the time extensions staff
recorded (stream ``clock-<tid>``), one document per round (``R3``, ``C2``, ``T2``, ``F``)
plus a list of the rounds that have any; and when the rounds whose events carry no
deadline began: each top-cut match (from the Swiss stream: round 1 when the cut starts, a
later match when its second player arrives), each multiplayer-tables round and the final
(from the tables stream, when seated). Swiss rounds carry their own ``ends_at``."""
from __future__ import annotations

from ..domain.clock import TimeExtended, round_key
from ..domain.events import Event
from ..domain.swiss.events import CutAdvanced, TopCutStarted
from ..domain.tables.events import TablesFinalSeated, TablesRoundSeated
from .queries.clock import (
    cut_starts_id,
    extensions_id,
    index_id,
    tables_starts_id,
)
from .registry import Projection, Stored, ViewTx
from .stream_ids import tid_of

projection = Projection("clock", streams=("clock", "swiss", "tables"))


@projection.on(TimeExtended)
def _extended(event: Stored[TimeExtended], tx: ViewTx) -> None:
    tid = tid_of(event.stream_id)
    d = event.event.data
    key = round_key(d["target"])
    doc = tx.get(extensions_id(tid, key)) or {"tournament_id": tid, "round": key,
                                               "targets": {}}
    entry = doc["targets"].get(d["target"], {"minutes": 0, "extensions": []})
    entry = {"minutes": entry["minutes"] + d["minutes"],
             "extensions": [*entry["extensions"], {k: d[k] for k in
                                                   ("minutes", "reason", "by", "at")}]}
    tx.put(extensions_id(tid, key), {**doc, "targets": {**doc["targets"], d["target"]: entry}},
           kind="clock-extensions")
    index = tx.get(index_id(tid)) or {"tournament_id": tid, "rounds": []}
    if key not in index["rounds"]:
        tx.put(index_id(tid), {**index, "rounds": [*index["rounds"], key]},
               kind="clock-extensions")


@projection.on(TopCutStarted)
def _cut(event: Stored[TopCutStarted], tx: ViewTx) -> None:
    tid = tid_of(event.stream_id)
    cut = event.event
    tx.put(cut_starts_id(tid), {"tournament_id": tid, "rounds": len(cut.rounds),
                                "started": {m["id"]: event.recorded_at for m in cut.rounds[0]},
                                "seated": {}}, kind="clock-cut")


@projection.on(CutAdvanced)
def _advanced(event: Stored[CutAdvanced], tx: ViewTx) -> None:
    """A cut match begins once both its players are known."""
    tid = tid_of(event.stream_id)
    doc = tx.get(cut_starts_id(tid))
    if doc is None:
        return
    to = event.event.to
    slots = sorted({*doc["seated"].get(to, []), event.event.slot})
    started = doc["started"]
    if len(slots) == 2 and to not in started:
        started = {**started, to: event.recorded_at}
    tx.put(cut_starts_id(tid), {**doc, "seated": {**doc["seated"], to: slots},
                                "started": started}, kind="clock-cut")


def _seated(event: Stored[Event], tx: ViewTx, key: str) -> None:
    tid = tid_of(event.stream_id)
    doc = tx.get(tables_starts_id(tid)) or {"tournament_id": tid, "started": {}}
    tx.put(tables_starts_id(tid), {**doc, "started": {**doc["started"],
                                                       key: event.recorded_at}},
           kind="clock-tables")


@projection.on(TablesRoundSeated)
def _round_seated(event: Stored[TablesRoundSeated], tx: ViewTx) -> None:
    _seated(event, tx, f"T{event.event.round}")


@projection.on(TablesFinalSeated)
def _final_seated(event: Stored[TablesFinalSeated], tx: ViewTx) -> None:
    _seated(event, tx, "F")
