"""A booster draft's pods as the use cases read them: the draft and each pod (404 until
they exist), and every pick timer due applied before a pod is shown.

Pick timers expire whenever a pod is touched (every command carries the server's
``now``, and reading a pod applies due auto-picks first), on ``POST .../draft/sweep``
and every minute by the scheduled sweep of every running draft."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from ..domain.draft.aggregate import DRAFT, POD
from ..domain.draft.commands import Sweep
from ..domain.draft.decide import advance
from ..domain.draft.roster.state import DraftState
from ..domain.draft.state import PodState
from ..domain.draft.views import public_view
from ..domain.errors import NotFound
from ..projections.queries.draft import ACTIVE_KIND
from ..service import Reply, UnitOfWork
from . import sources
from .pod_opening import still_opening
from .reads import Reads


def ms(moment: datetime) -> int:
    """The booster draft's clock: epoch milliseconds."""
    return int(moment.timestamp() * 1000)


def draft_of(source: Any, tid: str) -> DraftState:
    """The draft as a whole (404 before it starts)."""
    state = sources.state(source, DRAFT, tid)
    if not state.started:
        raise NotFound("the draft has not started", {"tournament_id": tid})
    return state


def pod_of(source: Any, tid: str, n: int) -> PodState:
    """Pod ``n`` (404 if there is none; 409 ``pod_opening`` while the draft has started
    and the pod is still being opened, :mod:`.draft_opening`)."""
    state = sources.state(source, POD, (tid, n))
    if not state.opened:
        if opening(source, tid, n):
            raise still_opening(tid, n, "its packs are being laid out")
        raise NotFound(f"no pod {n}", {"tournament_id": tid})
    return state


def opening(source: Any, tid: str, n: int) -> bool:
    """Whether pod ``n`` of a started draft is not open yet (its opening is under way)."""
    draft = sources.state(source, DRAFT, tid)
    return draft.started and 1 <= n <= len(draft.pods) and \
        not sources.state(source, POD, (tid, n)).opened


def sweep_pod(uow: UnitOfWork, tid: str, n: int) -> dict[str, Any]:
    """Apply every pick timer of pod ``n`` due now: its auto-picks and status."""
    before = pod_of(uow, tid, n)
    state, _ = uow.decide(POD, (tid, n), Sweep(now=ms(uow.now)))
    return {"pod": n, "auto_picks": state.pick_count - before.pick_count,
            "status": public_view(state)["status"]}


def touched_pod(reads: Reads, tid: str, n: int) -> PodState:
    """Pod ``n`` with every due auto-pick applied (recorded before it is shown)."""
    state = pod_of(reads, tid, n)
    if not advance(state, ms(reads.service.clock()))[1]:
        return state
    reads.service.run(lambda uow: Reply(200, sweep_pod(uow, tid, n)))
    return pod_of(reads, tid, n)


def sweep(reads: Reads, tid: str) -> list[dict[str, Any]]:
    """Every pod of the tournament's draft swept, one unit of work each (a pod still
    opening has no timer yet: reported as ``opening``)."""
    draft = draft_of(reads, tid)
    def work(n: int) -> Callable[[UnitOfWork], Reply]:
        return lambda uow: Reply(200, sweep_pod(uow, tid, n))
    return [{"pod": n, "auto_picks": 0, "status": "opening"} if opening(reads, tid, n)
            else reads.service.run(work(n)).body for n in range(1, len(draft.pods) + 1)]


def sweep_running(reads: Reads) -> None:
    """Every minute: apply expired pick timers in every running draft."""
    swept: set[str] = set()
    for view in sources.each_view(reads.views, ACTIVE_KIND):   # one entry per running pod
        tid = view.doc["tournament_id"]
        if tid not in swept:
            swept.add(tid)
            sweep(reads, tid)
