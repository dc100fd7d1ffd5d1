"""Opening a restricted trade's pods after they are formed: forming them commits only
``TradePodsFormed`` (on ``trade-<tid>``, beside every player's trade deck), so a trade of
any size forms in one small commit; the ``open-trade-pods`` reaction then opens each pod
in a commit of its own (:func:`open_pod`), from the set-up alone. Idempotent: a pod
already open is left as it is. Until its pod opens, a player's commands answer 409
``pod_opening`` (:func:`.trade.pod`) and the summary shows the pod as ``opening``."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..domain import streams, trade
from ..domain.trade.events import TradePodsFormed
from ..domain.trade.opening import open_trade_pod
from ..service import UnitOfWork
from ..store.ports import StoredEvent
from . import sources


def pods_to_open(events: Iterable[StoredEvent]) -> list[tuple[str, int]]:
    """``(tid, n)`` of every pod a ``TradePodsFormed`` among ``events`` formed."""
    todo: list[tuple[str, int]] = []
    for stored in events:
        if not isinstance(stored.event, TradePodsFormed) \
                or streams.pod_number_of(stored.stream_id) is not None:
            continue
        tid = streams.tournament_of(stored.stream_id)
        if tid is not None:
            todo.extend((tid, n) for n in range(1, len(stored.event.pods) + 1))
    return todo


def opening(source: Any, tid: str, n: int) -> bool:
    """Whether pod ``n`` of formed trading pods is not open yet."""
    prep = sources.state(source, trade.TRADE_PREP, tid)
    return prep.formed and 1 <= n <= len(prep.pods) and \
        sources.state(source, trade.TRADE_POD, (tid, n)).status == "new"


def open_pod(uow: UnitOfWork, tid: str, n: int) -> dict[str, Any]:
    """Open trading pod ``n`` as it was formed; nothing when it is open (pods formed
    before they opened apart, in the same commit, are all open)."""
    if sources.state(uow, trade.TRADE_POD, (tid, n)).status != "new":
        return {"pod": n, "opened": False}
    prep = sources.state(uow, trade.TRADE_PREP, tid)
    uow.decide(trade.TRADE_POD, (tid, n), open_trade_pod(prep, n))
    return {"pod": n, "opened": True}
