"""Deciding the lease: one writer at a time per tournament, for an explicit, expiring
term (``docs/venue.md``)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Invalid
from ..events import Event
from .commands import DecideOrphans, Grant, Reclaim, Release, Renew, ReportOrphans
from .events import LeaseGranted, LeaseReclaimed, LeaseReleased, LeaseRenewed, OrphansReported
from .orphans import decide_orphans
from .state import DEPLOYMENT, MAX_ORPHAN_REPORTS, MAX_SECONDS, MIN_SECONDS, LeaseState


def _held_by(state: LeaseState, command: Any) -> None:
    """A command of the node that holds the lease now, under its lease id."""
    if state.holder_at(command.now) != command.node_id or state.lease_id != command.lease_id:
        raise Conflict("this node does not hold the tournament's lease (it expired, was "
                       "given back or reclaimed)", {"holder": state.holder_at(command.now),
                                                    "lease_id": state.lease_id},
                       code="lease_not_held")


def _seconds(seconds: int) -> None:
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise Invalid(f"a lease lasts {MIN_SECONDS} to {MAX_SECONDS} seconds",
                      {"field": "seconds"}, code="invalid_lease")


def _until(now: datetime, seconds: int) -> str:
    return datetime.fromtimestamp(now.timestamp() + seconds, now.tzinfo).isoformat()


def decide(command: Any, state: LeaseState) -> list[Event]:
    if isinstance(command, DecideOrphans):
        return decide_orphans(command, state)
    if not isinstance(command, Grant | Renew | Release | Reclaim | ReportOrphans):
        unknown_command("lease", command)
    now = command.now.isoformat()
    match command:
        case Grant():
            _seconds(command.seconds)
            if command.node_id == DEPLOYMENT or not command.node_id:
                raise Invalid("a venue node needs its own id", {"field": "node_id"},
                              code="invalid_lease")
            holder = state.holder_at(command.now)
            if holder != DEPLOYMENT:
                raise Conflict(f"the tournament is held by venue node {holder}",
                               {"holder": holder, "expires_at": state.expires_at},
                               code="lease_held")
            return [LeaseGranted(lease_id=command.lease_id, node_id=command.node_id,
                                 address=command.address, by=command.by, at=now,
                                 expires_at=_until(command.now, command.seconds))]
        case Renew():
            _seconds(command.seconds)
            _held_by(state, command)
            return [LeaseRenewed(lease_id=command.lease_id, at=now,
                                 expires_at=_until(command.now, command.seconds))]
        case Release():
            _held_by(state, command)
            return [LeaseReleased(lease_id=command.lease_id, heads=command.heads, at=now)]
        case Reclaim():
            if state.holder == DEPLOYMENT:
                raise Conflict("no venue node holds this tournament", code="lease_not_held")
            return [LeaseReclaimed(lease_id=state.lease_id or "", node_id=state.holder,
                                   heads=command.heads, by=command.by, at=now)]
        case ReportOrphans():
            if state.lease_id != command.lease_id or state.holder == command.node_id:
                raise Conflict("only events written after a reclaimed lease are reported",
                               code="lease_not_held")
            if state.orphan_events + len(command.events) > MAX_ORPHAN_REPORTS:
                raise Conflict("too many orphaned events reported", code="too_many_orphans")
            return [OrphansReported(lease_id=command.lease_id, node_id=command.node_id,
                                    events=command.events, at=now,
                                    tallies=command.tallies or None)]
    unknown_command("lease", command)
