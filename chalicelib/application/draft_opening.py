"""Opening a booster draft's pods after its start: the start commits only the draft's
own ``DraftStarted`` (pods, seed, the packs the organizer chose), so a draft of any size
starts in one small commit; the ``open-draft-pods`` reaction then opens each pod in a
commit of its own (:func:`open_pod`), from the start alone. Opening is idempotent: a
pod already open is left as it is, so a re-delivered start or a retried reaction opens
nothing twice. Until its pod opens, a player's commands answer 409 ``pod_opening``
(:func:`.draft_pods.pod_of`) and the draft summary shows the pod as ``opening``."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..domain import streams
from ..domain.draft.aggregate import DRAFT, POD
from ..domain.draft.events import DraftStarted
from ..domain.draft.opening import open_pod_command
from ..service import UnitOfWork
from ..store.ports import StoredEvent
from . import sources, tournament
from .sets import product_sets


def pods_to_open(events: Iterable[StoredEvent]) -> list[tuple[str, int]]:
    """``(tid, n)`` of every pod a start among ``events`` leaves to open (none for a
    draft whose pods opened with its start, recorded before starts carried the seed)."""
    todo: list[tuple[str, int]] = []
    for stored in events:
        event = stored.event
        if not isinstance(event, DraftStarted) or event.seed is None:
            continue
        tid = streams.tournament_of(stored.stream_id)
        if tid is None:
            continue
        todo.extend((tid, n) for n in range(1, len(event.pods) + 1))
    return todo


def open_pod(uow: UnitOfWork, tid: str, n: int) -> dict[str, Any]:
    """Open pod ``n`` of the draft as its start planned it; nothing when it is open."""
    pod = sources.state(uow, POD, (tid, n))
    if pod.opened:
        return {"pod": n, "opened": False}
    draft = sources.state(uow, DRAFT, tid)
    t = tournament.load(uow, tid, guard=False)
    product = t.section("product")
    command = open_pod_command(tournament=tid, draft=draft, n=n, seed=draft.seed or t.seed,
                               product=product, settings=t.section("draft"),
                               sets=product_sets(uow, product))
    uow.decide(POD, (tid, n), command)
    return {"pod": n, "opened": True}
