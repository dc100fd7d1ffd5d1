"""Reads that can be trusted on every store: a read carrying the position of the caller's
own writes (``X-Podium-Position``) answers only from views that include it, and a
refusal of a read under a tournament ("not found", "not started") is never an artefact
of a projection that lags.

With inline projection (the embedded store) views are written before the command
replies, so the check costs one checkpoint read. With stream projection (DynamoDB) the
read waits a moment for the stream's projector, then projects the missing events itself
(the projector is idempotent and checkpointed, so helping it is safe), and answers 503
``projection_behind`` only if even that could not catch up within the wait."""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..domain import streams
from ..domain.errors import DomainError
from ..projections import damage
from ..projections.projector import REACTED, reactions_doc_id
from .tournament import tournament_not_found

GRACE_SECONDS = 0.25        # left to the stream's own projector before helping it (at most
#                             an eighth of the whole wait)
POLL_SECONDS = 0.02
MAX_FOLLOW = 3              # reactions of reactions followed (a close that finishes...)


class ProjectionBehind(DomainError, status=503, code="projection_behind", retry_after=1):
    """The views do not hold the position the request carried yet: retry in a second."""


class InvalidPosition(DomainError, status=400, code="invalid_position"):
    """The request carried a position that was never written."""


class ViewDamaged(DomainError, status=503, code="view_damaged", retry_after=30):
    """A stream's views could not be projected: the operator retries it after a fix."""


def damaged(found: dict[str, Any]) -> ViewDamaged:
    return ViewDamaged(
        f"the views of {found['stream_id']} could not be projected from version "
        f"{found['version']} ({found['event_type']}); the operator is told by /v1/health",
        {"stream_id": found["stream_id"], "version": found["version"],
         "event_type": found["event_type"], "since": found["at"]})


@dataclass
class Consistency:
    """What a read needs: the raw view store (checkpoints), the projector (to help) and
    the event store (to tell a position that was never written)."""

    views: Any
    projector: Any
    events: Any
    wait_seconds: float = 2.0
    read: Callable[[Any, str], tuple[Any, int]] | None = None   # service.read: (state, version)
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    helped: list[str] = field(default_factory=list)   # streams projected on demand

    def read_after(self, wanted: dict[str, int]) -> None:
        """Return once the views include every (stream, version) of ``wanted`` and what
        the durable reactions to them wrote; else raise (503, or 400 for a position
        that does not exist)."""
        started = self.clock()
        wanted = dict(wanted)
        followed: set[str] = set()
        helped = False
        for _ in range(10_000):
            pending = self._pending(wanted, followed)
            if not pending:
                return
            elapsed = self.clock() - started
            if not helped and elapsed >= min(GRACE_SECONDS, self.wait_seconds / 8):
                self._help(pending)
                helped = True
                continue
            if elapsed >= self.wait_seconds:
                raise ProjectionBehind(
                    "the read views do not include your last write yet; retry shortly",
                    {"streams": sorted(pending), "waited_seconds": round(elapsed, 3)})
            self.sleep(POLL_SECONDS)
        raise ProjectionBehind("the read views kept moving; retry", {"streams": []})

    def _pending(self, wanted: dict[str, int], followed: set[str]) -> dict[str, int]:
        """The positions not yet in the views (``wanted`` grows by what reactions wrote)."""
        checkpoints = self.views.checkpoints(wanted)
        pending = {}
        for stream, version in wanted.items():
            at = checkpoints.get(stream, 0)
            if at < 0:
                found = self.views.get(damage.doc_id(stream))
                raise damaged(found or {"stream_id": stream, "version": -at,
                                        "event_type": "?", "at": None})
            if at < version:
                pending[stream] = version
        reactive = [s for s in wanted if s not in pending and s not in followed
                    and self.projector.reactor is not None
                    and self.projector.reactor.durable(s)]
        if reactive and len(followed) < MAX_FOLLOW * 16:
            reacted = self.views.checkpoints([REACTED + s for s in reactive])
            for stream in reactive:
                if reacted.get(REACTED + stream, 0) < wanted[stream]:
                    pending[stream] = wanted[stream]
                    continue
                followed.add(stream)
                doc = self.views.get(reactions_doc_id(stream)) or {"wrote": {}}
                for sid, version in doc["wrote"].items():
                    if version > wanted.get(sid, 0):
                        wanted[sid] = version
                        pending[sid] = version
        return pending

    def _help(self, pending: dict[str, int]) -> None:
        """Project the missing events from the event store (what the stream's projector
        would do); a position past a stream's last event was never written."""
        for stream, version in pending.items():
            if self.projector.catch_up(stream) < version \
                    and self.events.version(stream) < version:
                raise InvalidPosition(
                    f"{stream} has no version {version}: the position is not one this "
                    "API wrote", {"stream_id": stream, "version": version})
            self.helped.append(stream)

    def explain(self, tid: str, kinds: tuple[str, ...], pods: tuple[int, ...] = ()) -> bool:
        """A read under tournament ``tid`` was refused as missing or not started. Raises
        404 ``tournament_not_found`` if there is no such tournament; otherwise projects
        what its streams of ``kinds`` (and pods) still lack and says whether anything
        was (then the read is worth answering again)."""
        if not streams.is_tournament_id(tid) \
                or self.events.version(streams.tournament(tid)) == 0:
            raise tournament_not_found(tid)
        family = [f"{kind}-{tid}" for kind in kinds]
        family += [f"{kind}-{tid}-{n}" for kind in ("pod", "tdraft", "mixed", "trade")
                   for n in pods]
        if self.read is not None:
            family += open_result_streams(self.read, tid)
        behind = False
        for _ in range(MAX_FOLLOW):     # reactions (a round's close) write more: follow
            checkpoints = self.views.checkpoints(family)
            heads = self.events.read_many({sid: max(cp, 0) for sid, cp in checkpoints.items()})
            moved = False
            for stream, newer in heads.items():
                if checkpoints.get(stream, 0) < 0:
                    found = self.views.get(damage.doc_id(stream))
                    if found:
                        raise damaged(found)
                if newer:
                    self.projector.catch_up(stream, newer)
                    self.helped.append(stream)
                    moved = behind = True
            if not moved:
                break
        return behind



def open_result_streams(read: Callable[[Any, Any], tuple[Any, int]], tid: str) -> list[str]:
    """The streams of the open rounds' matches and tables (each result has its own until
    the round closes; closing it is a reaction to their projection)."""
    from ..domain.swiss import SWISS
    from ..domain.tables.aggregate import TABLES
    swiss, _ = read(SWISS, tid)
    found = [streams.swiss_match(tid, m.id) for r in swiss.rounds if r.per_match
             for m in r.matches]
    tables, _ = read(TABLES, tid)
    found += [streams.table_result(tid, r.number, k) for r in tables.rounds if r.per_table
              for k in range(1, len(r.tables) + 1)]
    return found
