"""Events of a tournament's lease stream (``lease-<tid>``): who may write the tournament,
the deployment or one venue node, and until when. The deployment writes them; a node
holds copies pulled as they are (same versions, same event ids)."""
from __future__ import annotations

from typing import Any

from ..events import Event, event, optional


@event
class LeaseGranted(Event):
    lease_id: str
    node_id: str
    address: str                   # the node's address on the venue's network (shown)
    expires_at: str
    by: dict[str, Any]
    at: str


@event
class LeaseRenewed(Event):
    lease_id: str
    expires_at: str
    at: str


@event
class LeaseReleased(Event):
    """The node gave the lease back once the deployment held every event it wrote:
    ``heads`` is each stream's last version then (both sides agreed on its chain)."""

    lease_id: str
    heads: dict[str, int]
    at: str


@event
class LeaseReclaimed(Event):
    """The organizer forced the lease back (the node is lost): the deployment continues
    from ``heads``, the last versions it received from the node."""

    lease_id: str
    node_id: str
    heads: dict[str, int]
    by: dict[str, Any]
    at: str


@event
class OrphansReported(Event):
    """Events a node wrote after its lease was reclaimed, sent when it reconnected: kept
    here as they were (never applied), for the staff to decide on."""

    lease_id: str
    node_id: str
    events: list[dict[str, Any]]
    at: str
    # the node's round tallies of the reported streams' rounds ({name, member}): what a
    # replayed result counts in
    tallies: list[dict[str, Any]] | None = optional()


@event
class OrphansReplayed(Event):
    """The staff decided to replay report ``report`` (its ordinal on this stream): the
    commands whose events still applied on top of the deployment's log were appended
    (``replayed``: each event and the version it took), the others refused with the
    reason (``refused``)."""

    report: int
    replayed: list[dict[str, Any]]
    refused: list[dict[str, Any]]
    by: dict[str, Any]
    at: str


@event
class OrphansDiscarded(Event):
    """The staff decided to discard report ``report``: none of its events is applied."""

    report: int
    events: int
    by: dict[str, Any]
    at: str
