"""Opening a table or mixed draft's pods after its start: the start commits only the
roster (``LimitedPodsFormed``: pods, first seats, timers, the seed, the product the
organizer chose), so a draft of any size starts in one small commit; the
``open-roster-pods`` reaction then opens each pod in a commit of its own
(:func:`open_pod`), from the roster alone. Opening is idempotent: a pod already open is
left as it is, so a re-delivered start or a retried reaction opens nothing twice. Until
its pod opens, a player's commands answer 409 ``pod_opening``
(:meth:`.formats_drafts.RosterDraft.pod`) and the draft summary shows the pod as
``opening``."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..domain import streams
from ..domain.mixed_draft.opening import open_mixed_pod
from ..domain.table_draft.events import LimitedPodsFormed
from ..domain.table_draft.opening import open_table_pod
from ..service import UnitOfWork
from ..store.ports import StoredEvent
from . import sources, tournament
from .formats_drafts import MIXED_DRAFT, TABLE_DRAFT, RosterDraft
from .sets import product_sets

FORMATS: dict[str, RosterDraft] = {TABLE_DRAFT.name: TABLE_DRAFT, MIXED_DRAFT.name: MIXED_DRAFT}


def pods_to_open(events: Iterable[StoredEvent]) -> list[tuple[str, str, int]]:
    """``(capability, tid, n)`` of every pod a roster formed among ``events`` leaves to
    open (none for a draft whose pods started with its roster, recorded before rosters
    carried the seed)."""
    todo: list[tuple[str, str, int]] = []
    for stored in events:
        event = stored.event
        if not isinstance(event, LimitedPodsFormed) or event.seed is None \
                or event.capability not in FORMATS \
                or streams.pod_number_of(stored.stream_id) is not None:
            continue
        tid = streams.tournament_of(stored.stream_id)
        if tid is None:
            continue
        todo.extend((event.capability, tid, n) for n in range(1, len(event.pods) + 1))
    return todo


def open_pod(uow: UnitOfWork, capability: str, tid: str, n: int) -> dict[str, Any]:
    """Open pod ``n`` of the draft as its roster planned it; nothing when it is open."""
    fmt = FORMATS[capability]
    if sources.state(uow, fmt.decider, (tid, n)).status != "new":
        return {"pod": n, "opened": False}
    roster = sources.state(uow, fmt.roster_decider, tid)
    t = tournament.load(uow, tid, guard=False)
    product = t.section("product")
    sets = product_sets(uow, product)
    command: Any = (
        open_table_pod(roster=roster, n=n, product=product, sets=sets)
        if fmt is TABLE_DRAFT else
        open_mixed_pod(roster=roster, n=n, product=product, draft=t.section("draft"),
                       sets=sets))
    uow.decide(fmt.decider, (tid, n), command)
    return {"pod": n, "opened": True}
