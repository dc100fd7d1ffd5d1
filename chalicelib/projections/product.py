"""Progress of entering product player by player: one document per player, written by
that player's stream ``product-<tid>-<pid>`` (so entries never contend on a view), and
listed by tournament (``sort`` = ``<tid>|<player id>``). Card contents stay in the
events; the document holds counts only."""
from __future__ import annotations

from ..domain.product.events import PlayerProductEntered
from .queries.product import ENTRY_KIND, entry_sort, entry_view_id
from .registry import Projection, Stored, ViewTx

projection = Projection("product")


@projection.on(PlayerProductEntered)
def _entered(stored: Stored[PlayerProductEntered], tx: ViewTx) -> None:
    e = stored.event
    tid, pid = e.tournament, e.player
    tx.put(entry_view_id(tid, pid), {
        "tournament_id": tid, "player_id": pid, "source": e.source, "revision": e.revision,
        "packs": len(e.packs), "starters": len(e.starters), "entered_at": e.at},
        kind=ENTRY_KIND, sort=entry_sort(tid, pid))
