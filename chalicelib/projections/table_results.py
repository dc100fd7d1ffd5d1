"""The live state of each V:EKN table of an open round, from the table's own stream
(``table-<tid>-r2-t7``): ``tables:<tid>:table:2:7`` (its result once reported, the
players who left it after the seating), one document per table, written by that stream
only. The round's view joins it (``tables.full_round``)."""
from __future__ import annotations

from ..domain.events import Event
from ..domain.tables.events import TablesPlayerDropped, TablesTableReported
from .queries.tables import table_doc_id
from .registry import Projection, Stored, ViewTx
from .stream_ids import table_of, tid_of

projection = Projection("table-results", streams=("table",))


def _doc(tx: ViewTx, event: Stored[Event]) -> tuple[str, dict]:
    number, table = table_of(event.stream_id)
    tid = tid_of(event.stream_id)
    doc_id = table_doc_id(tid, number, table)
    return doc_id, dict(tx.get(doc_id) or {"round": number, "table": table, "dropped": [],
                                           "unseated": [], "results": None})


@projection.on(TablesTableReported, TablesPlayerDropped)
def _changed(event: Stored[TablesTableReported | TablesPlayerDropped], tx: ViewTx) -> None:
    doc_id, doc = _doc(tx, event)
    match event.event:
        case TablesTableReported(results=results):
            doc["results"] = results
        case TablesPlayerDropped(player=player, loss=True):
            doc["dropped"] = doc["dropped"] + [player]
        case TablesPlayerDropped(player=player):
            doc["unseated"] = doc["unseated"] + [player]
    number, _ = table_of(event.stream_id)
    tx.put(doc_id, doc, kind=f"tables-table:{tid_of(event.stream_id)}:{number}",
           sort=f"{doc['table']:05d}")
