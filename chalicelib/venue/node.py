"""The node's operations: take a tournament over, push what it wrote upward (in commit
order, from the last acknowledged position, idempotently), renew and give back the lease,
and say where it stands."""
from __future__ import annotations

import json
import logging
import os
import threading
from typing import Any

from ..application.venue_streams import (
    HEADS,
    record,
    round_tallies,
    tallies,
    token_tournament,
    tournament_streams,
)
from ..domain import streams
from ..domain.tournament import TOURNAMENT
from ..domain.venue import LEASE, transfer
from ..store.venue_transfer import events_after, last_position
from . import settings as node_settings
from .pull import pull_stream, pull_tournament
from .upstream import Refused, Unreachable, Upstream

log = logging.getLogger(__name__)
BATCH = 80               # events per push: with their tallies, one DynamoDB transaction
BATCH_BYTES = 160_000    # and well under the API's 256 KiB request bodies
LEASE_SECONDS = int(os.environ.get("PODIUM_VENUE_LEASE_SECONDS", str(12 * 3600)))
_BY_RUNTIME: dict[int, Node] = {}    # each runtime's node, once made


def of(rt: Any) -> Node | None:
    """The node made on this runtime, if any."""
    return _BY_RUNTIME.get(id(rt))


class Node:
    def __init__(self, rt: Any, node_id: str, port: int = 8000):
        self.rt = rt
        self.node_id = node_id
        self.port = port
        self.data_dir = rt.config.data_dir
        self.settings = node_settings.load(self.data_dir, node_id)
        self.lock = threading.RLock()
        self.last_error: str | None = None
        self.pushed = 0
        self.upstream_class = Upstream      # tests put an in-process deployment here
        _BY_RUNTIME[id(rt)] = self

    def address(self) -> str:
        return node_settings.local_address(self.port)

    def _up(self, tid: str) -> Upstream:
        return self.upstream_class(self.settings.upstream, self.settings.tournaments[tid].key)

    # -- take over -----------------------------------------------------------------
    def take_over(self, upstream: str, key: str, tid: str,
                  seconds: int = LEASE_SECONDS) -> dict[str, Any]:
        with self.lock:
            if self.settings.upstream and self.settings.upstream != upstream:
                raise ValueError("this node already syncs with another deployment")
            up = self.upstream_class(upstream, key)
            lease = up.call("POST", f"/tournaments/{tid}/venue/lease", {
                "node_id": self.node_id, "address": self.address(), "seconds": seconds})
            pending = self.pending()
            got = pull_tournament(self.rt, up, tid)
            state, _ = self.rt.service.read(TOURNAMENT, tid)
            self.settings.upstream = upstream
            self.settings.tournaments[tid] = node_settings.Taken(
                key, lease["lease_id"], state.organizer_id,
                registration_key=got.pop("registration_key"))
            if not pending:       # all the node holds came from the deployment
                self.settings.cursor = last_position(self.rt.events)
            node_settings.save(self.data_dir, self.settings)
            return {"tournament_id": tid, "lease": lease, **got}

    # -- upward -------------------------------------------------------------------
    def pending(self) -> int:
        """Events written here the deployment has not acknowledged (copies pulled from it,
        the lease stream's, are never pushed)."""
        return sum(1 for _, e in events_after(self.rt.events, self.settings.cursor, 100_000)
                   if self._tid(e.stream_id) is not None)

    def _tid(self, stream_id: str) -> str | None:
        if streams.kind_of(stream_id) == "lease":
            return None
        tid = streams.tournament_of(stream_id)
        if tid is None and streams.kind_of(stream_id) in ("token", "keys"):
            first = self.rt.events.read(stream_id, limit=1)
            tid = token_tournament(first[0]) if first else None
        return tid if tid in self.settings.tournaments else None

    def push(self) -> int:
        """Push everything after the acknowledged position; returns the events the
        deployment acknowledged. Stops at the first batch the link does not carry."""
        total = 0
        with self.lock:
            while True:
                batch = self._batch()
                if batch is None:
                    return total
                tid, last, events = batch
                if events and tid is not None:
                    total += self._send(tid, events)
                self.settings.cursor = last
                node_settings.save(self.data_dir, self.settings)

    def _batch(self) -> tuple[str | None, int, list] | None:
        rows = events_after(self.rt.events, self.settings.cursor, BATCH * 4)
        if not rows:
            return None
        tid, last, size = None, self.settings.cursor, 0
        chosen: list[Any] = []
        for position, event in rows:
            owner = self._tid(event.stream_id)
            if owner is not None and tid is not None and owner != tid:
                break
            if owner is not None:
                weight = len(json.dumps(event.data)) + len(json.dumps(event.meta)) + 400
                if chosen and size + weight > BATCH_BYTES:
                    break
                tid, size = tid or owner, size + weight
                chosen.append(event)
            last = position
            if len(chosen) >= BATCH:
                break
        return tid, last, chosen

    def _send(self, tid: str, events: list) -> int:
        taken = self.settings.tournaments[tid]
        if taken.reclaimed:
            return 0
        firsts: dict[str, int] = {}
        for e in events:
            firsts.setdefault(e.stream_id, e.version)
        previous = {sid: HEADS.at(self.rt.events, sid, v - 1) for sid, v in firsts.items()}
        counted = tallies(self.rt.events, round_tallies(firsts, tid))
        body = {"node_id": self.node_id, "lease_id": taken.lease_id,
                "events": [c for sid in firsts for c in transfer.chained(
                    [record(e) for e in events if e.stream_id == sid], previous[sid])],
                "previous": previous,
                "tallies": [{"name": t.name, "member": t.member} for t in counted]}
        reply = self._up(tid).call("POST", f"/tournaments/{tid}/venue/events", body)
        if reply.get("reclaimed"):
            taken.reclaimed = True
            log.warning("tournament %s was reclaimed: %s events reported to the deployment",
                        tid, reply.get("reported"))
            self._pull_lease(tid)
            return 0
        for sid, ack in reply["acknowledged"].items():
            mine = HEADS.at(self.rt.events, sid, ack["version"])
            if mine != ack["head"]:
                raise Refused(409, {"error": "venue_chain_broken", "stream_id": sid,
                                    "message": "the deployment's chain differs"})
        self.pushed += len(events)
        return len(events)

    def _pull_lease(self, tid: str) -> None:
        pull_stream(self.rt, self._up(tid), tid, streams.lease(tid))

    def renew(self, tid: str, seconds: int = LEASE_SECONDS) -> None:
        taken = self.settings.tournaments[tid]
        self._up(tid).call("POST", f"/tournaments/{tid}/venue/renew", {
            "node_id": self.node_id, "lease_id": taken.lease_id, "seconds": seconds})
        self._pull_lease(tid)

    def give_back(self, tid: str) -> dict[str, Any]:
        """Push everything, then give the lease back: the deployment refuses unless it
        holds every event of the node's streams of ``tid`` (same versions, same chain)."""
        with self.lock:
            self.push()
            if self.pending_for(tid):
                raise Unreachable("events are still waiting to be pushed")
            taken = self.settings.tournaments[tid]
            found = tournament_streams(self.rt.events, tid, taken.organizer_id)
            heads = {sid: [v, HEADS.at(self.rt.events, sid, v)] for sid, v in found.items()
                     if streams.kind_of(sid) != "lease"}
            reply = self._up(tid).call("POST", f"/tournaments/{tid}/venue/release", {
                "node_id": self.node_id, "lease_id": taken.lease_id, "heads": heads})
            self._pull_lease(tid)
            taken.released = True
            node_settings.save(self.data_dir, self.settings)
            return reply

    def pending_for(self, tid: str) -> int:
        return sum(1 for _, e in events_after(self.rt.events, self.settings.cursor, 100_000)
                   if self._tid(e.stream_id) == tid)

    def status(self) -> dict[str, Any]:
        clock = self.rt.service.clock()
        held = {}
        for tid in self.settings.tournaments:
            lease, _ = self.rt.service.read(LEASE, tid)
            held[tid] = lease.public(clock)
        return {"node_id": self.node_id, "address": self.address(),
                "upstream": self.settings.upstream, "pending": self.pending(),
                "pushed": self.pushed, "last_error": self.last_error, "tournaments": held}
