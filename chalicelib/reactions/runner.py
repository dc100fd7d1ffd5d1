"""Runs the registered reactions for the projector (``projections.projector.Reactor``):
the durable ones from the projector's reaction checkpoint, the others once after a
commit. A reaction commits through the command service as the system actor; a refusal
(the round closed meanwhile) is an answer, not a failure, while anything else fails the
stream's reactions so they run again later."""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

from ..domain import streams
from ..domain.errors import DomainError
from ..service import CommandService, Reply, UnitOfWork, positions
from ..store.ports import StoredEvent
from .registry import REACTIONS, Reaction

log = logging.getLogger(__name__)


class Context:
    """What a reaction may do: commit a command as the system, and be counted."""

    def __init__(self, service: CommandService, reaction: str):
        self.service = service
        self.reaction = reaction
        self.wrote: dict[str, int] = {}

    def command(self, actor: str, work: Callable[[UnitOfWork], Reply]) -> Reply | None:
        try:
            reply = self.service.run(work, meta={"actor": {"role": "system", "id": actor},
                                                 "reaction": self.reaction})
        except DomainError as exc:
            log.info("reaction %s: %s", self.reaction, exc)
            return None
        token = reply.headers.get(positions.HEADER)
        if token:
            for stream, version in positions.decode(token).items():
                self.wrote[stream] = max(version, self.wrote.get(stream, 0))
        return reply


class Reactions:
    def __init__(self, service: CommandService, registry: Iterable[Reaction] = REACTIONS):
        self.service = service
        self.registry = tuple(registry)
        self._durable_kinds = frozenset(k for r in self.registry if r.durable for k in r.kinds)

    def durable(self, kind: str) -> bool:
        return kind in self._durable_kinds

    def react(self, stream_id: str, events: list[StoredEvent]) -> dict[str, int]:
        kind = streams.kind_of(stream_id)
        wrote: dict[str, int] = {}
        for reaction in self.registry:
            if reaction.durable and kind in reaction.kinds:
                ctx = Context(self.service, reaction.name)
                reaction.run(ctx, events)
                for stream, version in ctx.wrote.items():
                    wrote[stream] = max(version, wrote.get(stream, 0))
        return wrote

    def notify(self, stream_id: str, events: list[StoredEvent], signals: set[str]) -> None:
        kind = streams.kind_of(stream_id)
        for reaction in self.registry:
            if reaction.durable or not (kind in reaction.kinds or reaction.signals & signals):
                continue
            try:
                reaction.run(Context(self.service, reaction.name), events)
            except Exception:  # noqa: BLE001 - best effort: the views are committed
                log.exception("reaction %s to %s failed", reaction.name, stream_id)
