"""Pulling streams from the deployment into the node's store as they are, each page
checked to extend the chain the node holds (a page that does not is refused whole)."""
from __future__ import annotations

from typing import Any

from ..application.venue_streams import HEADS, stored
from ..domain import streams
from ..domain.venue import transfer
from ..store.ports import Tally
from ..store.venue_transfer import import_events
from .upstream import Upstream

PAGE = 500


class TransferRefused(Exception):
    """What the deployment sent does not extend the node's chain (nothing stored)."""

    def __init__(self, stream_id: str, details: Any):
        super().__init__(f"the deployment's copy of {stream_id} does not extend the "
                         f"node's: {details}")
        self.stream_id = stream_id
        self.details = details


def pull_stream(rt: Any, up: Upstream, tid: str, stream_id: str,
                expected_head: str | None = None) -> int:
    """Bring the node's copy of ``stream_id`` up to the deployment's; returns the number
    of events stored."""
    events, pulled = rt.events, 0
    while True:
        have = events.version(stream_id)
        page = up.call("GET", f"/tournaments/{tid}/venue/streams/{stream_id}",
                       query={"after": have, "limit": PAGE})
        records = page["events"]
        mine = HEADS.at(events, stream_id, have) if have else transfer.GENESIS
        broken = transfer.breaks(records, mine, have + 1)
        if page["previous"] != mine or broken:
            raise TransferRefused(stream_id, {"breaks": broken,
                                              "previous_matches": page["previous"] == mine})
        if not records:
            break
        batch = [stored(r) for r in records]
        import_events(events, batch)
        for hook in rt.service.after_commit:
            hook(batch)
        pulled += len(batch)
        if records[-1]["version"] >= page["version"]:
            break
    if expected_head is not None and \
            HEADS.at(events, stream_id, events.version(stream_id)) != expected_head:
        raise TransferRefused(stream_id, {"head": "differs from the listed head"})
    return pulled


def pull_tournament(rt: Any, up: Upstream, tid: str) -> dict[str, Any]:
    """Every stream of the tournament (the lease stream last: the node holds it once
    everything else is here), the round tallies and the tournament's registration key
    (its code is checked with it here as on the deployment)."""
    listing = up.call("GET", f"/tournaments/{tid}/venue/streams")
    pulled, lease = 0, streams.lease(tid)
    for entry in listing["streams"]:
        if entry["stream_id"] != lease:
            pulled += pull_stream(rt, up, tid, entry["stream_id"], entry["head"])
    counted = [Tally(t["name"], int(t["member"])) for t in listing["tallies"]
               if streams.tournament_of(t["name"]) == tid]
    if counted:
        import_events(rt.events, [], counted)
    pulled += pull_stream(rt, up, tid, lease)
    return {"streams": len(listing["streams"]), "events": pulled, "tallies": len(counted),
            "registration_key": listing["registration_key"]}
