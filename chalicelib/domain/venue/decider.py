"""The lease decider: one writer at a time per tournament (``lease-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from ..decider import FunctionDecider
from ..errors import Conflict, Invalid
from ..events import Event
from .events import LeaseGranted, LeaseReclaimed, LeaseReleased, LeaseRenewed, OrphansReported

DEPLOYMENT = "deployment"
MIN_SECONDS = 60
MAX_SECONDS = 7 * 24 * 3600
MAX_ORPHAN_REPORTS = 10_000


@dataclass(frozen=True)
class LeaseState:
    holder: str = DEPLOYMENT          # DEPLOYMENT or a node id
    lease_id: str | None = None
    address: str = ""
    expires_at: str | None = None
    leases: int = 0                   # how many were ever granted
    orphan_reports: int = 0
    orphan_events: int = 0

    def holder_at(self, now: datetime) -> str:
        """Who may write at ``now``: a node until its lease expires, else the deployment."""
        if self.holder == DEPLOYMENT or self.expires_at is None:
            return DEPLOYMENT
        return self.holder if now < datetime.fromisoformat(self.expires_at) else DEPLOYMENT

    def public(self, now: datetime) -> dict[str, Any]:
        return {"holder": self.holder_at(now), "lease_id": self.lease_id,
                "address": self.address if self.holder != DEPLOYMENT else "",
                "expires_at": self.expires_at if self.holder != DEPLOYMENT else None,
                "orphans_reported": self.orphan_events}


@dataclass(frozen=True)
class Grant:
    lease_id: str
    node_id: str
    address: str
    seconds: int
    by: dict[str, Any]
    now: datetime


@dataclass(frozen=True)
class Renew:
    lease_id: str
    node_id: str
    seconds: int
    now: datetime


@dataclass(frozen=True)
class Release:
    lease_id: str
    node_id: str
    heads: dict[str, int]
    now: datetime


@dataclass(frozen=True)
class Reclaim:
    heads: dict[str, int]
    by: dict[str, Any]
    now: datetime


@dataclass(frozen=True)
class ReportOrphans:
    lease_id: str
    node_id: str
    events: list[dict[str, Any]]
    now: datetime


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
                                    events=command.events, at=now)]
    raise Invalid(f"unknown lease command {type(command).__name__}")


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
    return state


LEASE = FunctionDecider("lease", LeaseState, decide, evolve)
