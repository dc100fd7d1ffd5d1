"""Folding the lease's events into a new state."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from .events import (
    LeaseGranted,
    LeaseReclaimed,
    LeaseReleased,
    LeaseRenewed,
    OrphansDiscarded,
    OrphansReplayed,
    OrphansReported,
)
from .state import DEPLOYMENT, LeaseState


def evolve(state: LeaseState, event: Event) -> LeaseState:
    match event:
        case LeaseGranted():
            return replace(state, holder=event.node_id, lease_id=event.lease_id,
                           address=event.address, expires_at=event.expires_at,
                           leases=state.leases + 1)
        case LeaseRenewed():
            return replace(state, expires_at=event.expires_at)
        case LeaseReleased() | LeaseReclaimed():
            return replace(state, holder=DEPLOYMENT, expires_at=None)
        case OrphansReported():
            return replace(state, orphan_reports=state.orphan_reports + 1,
                           orphan_events=state.orphan_events + len(event.events))
        case OrphansReplayed() | OrphansDiscarded():
            return replace(state, orphans_decided=state.orphans_decided + (event.report,))
    return state
