"""The node's sync thread: pushes each new event upward as soon as the deployment is
reachable (woken by every commit), renews held leases now and then, and after an outage
resumes from the last acknowledged position."""
from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

from ..domain.venue import LEASE
from .node import LEASE_SECONDS, Node
from .upstream import Refused, Unreachable

log = logging.getLogger(__name__)
RETRY_SECONDS = float(os.environ.get("PODIUM_VENUE_RETRY_SECONDS", "0.5"))
_nodes: dict[int, Node] = {}
_lock = threading.Lock()


def node_id() -> str | None:
    """This process's venue node id (``PODIUM_VENUE_NODE_ID``), None on a deployment."""
    return os.environ.get("PODIUM_VENUE_NODE_ID") or None


def node_for(rt: Any) -> Node | None:
    """The runtime's node (its sync thread started on first use), None on a deployment."""
    name = node_id()
    if name is None:
        return None
    with _lock:
        node = _nodes.get(id(rt))
        if node is None:
            port = int(os.environ.get("PORT", "8000"))
            node = _nodes[id(rt)] = Node(rt, name, port)
            SyncThread(node).start()
    return node


class SyncThread:
    def __init__(self, node: Node):
        self.node = node
        self.wake = threading.Event()
        self.renewed: dict[str, float] = {}
        node.rt.service.after_commit.append(lambda _stored: self.wake.set())

    def start(self) -> SyncThread:
        threading.Thread(target=self._run, name="podium-venue-sync", daemon=True).start()
        return self

    def _run(self) -> None:
        while True:
            self.wake.wait(RETRY_SECONDS)
            self.wake.clear()
            try:
                self.node.push()
                self._renew()
                self.node.last_error = None
            except Unreachable as exc:
                self.node.last_error = f"unreachable: {exc}"
            except Refused as exc:
                self.node.last_error = f"refused: {exc.code}"
                log.warning("the deployment refused a venue sync: %s", exc.body)
                time.sleep(RETRY_SECONDS)
            except Exception as exc:  # noqa: BLE001 - the thread must outlive any failure
                self.node.last_error = f"{type(exc).__name__}: {exc}"
                log.exception("venue sync failed")
                time.sleep(RETRY_SECONDS)

    def _renew(self) -> None:
        now = time.monotonic()
        for tid, taken in list(self.node.settings.tournaments.items()):
            if taken.reclaimed or taken.released:
                continue
            lease, _ = self.node.rt.service.read(LEASE, tid)
            if lease.holder != self.node.node_id:
                continue
            if now - self.renewed.get(tid, 0.0) >= LEASE_SECONDS / 4:
                self.node.renew(tid)
                self.renewed[tid] = now
