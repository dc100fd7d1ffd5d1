"""Progress of entering product player by player: one document per player, written by
that player's stream ``product-<tid>-<pid>`` (so entries never contend on a view), and
listed by tournament (``sort`` = ``<tid>|<player id>``). Card contents stay in the
events; the document holds counts only."""
from __future__ import annotations

from ..store.ports import StoredEvent
from .registry import Projection, ViewTx

projection = Projection("product")

ENTRY_KIND = "product-entry"


def entry_view_id(tid: str, pid: str) -> str:
    return f"product-entry:{tid}:{pid}"


def entry_sort(tid: str, pid: str) -> str:
    return f"{tid}|{pid}"


@projection.on("PlayerProductEntered")
def _entered(event: StoredEvent, tx: ViewTx) -> None:
    d = event.data
    tid, pid = d["tournament"], d["player"]
    tx.put(entry_view_id(tid, pid), {
        "tournament_id": tid, "player_id": pid, "source": d["source"],
        "revision": d["revision"], "packs": len(d["packs"]), "starters": len(d["starters"]),
        "entered_at": d["at"]}, kind=ENTRY_KIND, sort=entry_sort(tid, pid))
