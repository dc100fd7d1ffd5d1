"""The one check every write passes (``CommandService.before_commit``): a tournament held
by a venue node is written only there. Each unit that appends to a tournament ever leased
guards its lease stream (``lease-<tid>``), so a write racing a grant or a release re-runs
and is checked again (a tournament never leased costs no transaction item: a write racing
its first grant is caught by the transfer's chain check); the lease stream itself is the
deployment's to write. The venue's aggregate loads with the first write to a tournament
(a command on accounts alone does not need it: ``tests/test_first_command_imports.py``)."""
from __future__ import annotations

from collections.abc import Callable

from ..domain import streams
from ..domain.errors import Conflict
from .unit_of_work import UnitOfWork


class HeldElsewhere(Conflict, code="tournament_held_by_venue"):
    """409: the tournament is written by another writer (a venue node, or the deployment
    when this process is a node that does not hold it)."""


def lease_check(identity: str | None = None) -> Callable[..., None]:
    """The check for a writer named ``identity`` (a node's id; None or ``deployment``:
    the deployment)."""

    def check(uow: UnitOfWork, refused: bool = False) -> None:
        """``refused``: the unit was refused; if it read a tournament held elsewhere, that
        is the refusal to give (it could not have written there anyway)."""
        touched = uow.loaded() if refused else uow.written()
        if refused and any(streams.kind_of(sid) == "lease" for sid in touched):
            return                   # a refusal of the lease's own commands stands
        tids = {tid for tid in (streams.tournament_of(stream_id) for stream_id in touched
                                if streams.kind_of(stream_id) != "lease") if tid}
        if not tids:
            return
        from ..domain.venue import DEPLOYMENT, LEASE
        writer = identity or DEPLOYMENT
        for tid in sorted(tids):
            state = uow.load(LEASE, tid, guard=False)
            if state.leases:     # ever leased: a write racing the lease re-runs (one item
                uow.load(LEASE, tid, guard=True)    # more per transaction)
            holder = state.holder_at(uow.now)
            if holder == writer:
                continue
            if writer == DEPLOYMENT:
                raise HeldElsewhere(
                    f"tournament {tid} is held by venue node {holder} until "
                    f"{state.expires_at}: write to the node (reads are served here)",
                    {"tournament_id": tid, "holder": holder, "address": state.address,
                     "expires_at": state.expires_at})
            raise HeldElsewhere(
                f"this venue node ({writer}) does not hold tournament {tid}: "
                f"{holder} does", {"tournament_id": tid, "holder": holder,
                                   "expires_at": state.expires_at})
    return check
