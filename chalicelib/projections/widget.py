"""Round clocks for the live widget: when each multiplayer-tables round (and the final)
was seated, from the ``tables-<tid>`` stream (Swiss rounds carry their own ``ends_at``)."""
from __future__ import annotations

from ..domain.tables.events import TablesFinalSeated, TablesRoundSeated
from ..store.ports import StoredEvent
from .registry import Projection, ViewTx

projection = Projection("widget", streams=("tables",))


def clock_id(tid: str) -> str:
    return f"widget-clock:{tid}"


def _tid(event: StoredEvent) -> str:
    return event.stream_id.split("-", 1)[1]


@projection.on(TablesRoundSeated)
def _seated(event: StoredEvent, tx: ViewTx) -> None:
    tid = _tid(event)
    tx.put(clock_id(tid), {"tournament_id": tid, "round": event.event.round,
                           "final": False, "started_at": event.recorded_at}, kind="widget-clock")


@projection.on(TablesFinalSeated)
def _final(event: StoredEvent, tx: ViewTx) -> None:
    tid = _tid(event)
    tx.put(clock_id(tid), {"tournament_id": tid, "round": None, "final": True,
                           "started_at": event.recorded_at}, kind="widget-clock")
