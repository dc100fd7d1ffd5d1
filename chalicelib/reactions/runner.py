"""Runs the registered reactions for the projector (``projections.projector.Reactor``):
the durable ones from the projector's reaction checkpoint, the others once after a
commit. A reaction commits through the command service as the system actor; a refusal
(the round closed meanwhile) is an answer, not a failure, while anything else fails the
stream's reactions so they run again later."""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

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

    @property
    def _durable(self) -> tuple[Reaction, ...]:
        return tuple(r for r in self.registry if r.durable)

    def durable(self, stream_id: str) -> bool:
        """Whether the events of this stream have durable reactions (by its kind and
        each reaction's stream filter: a roster's, not its pods')."""
        return any(r.reacts_to(stream_id) for r in self._durable)

    def react(self, stream_id: str, events: list[StoredEvent]) -> dict[str, int]:
        wrote: dict[str, int] = {}
        for reaction in self._durable:
            if reaction.reacts_to(stream_id):
                ctx = Context(self.service, reaction.name)
                reaction.run(ctx, events)
                for stream, version in ctx.wrote.items():
                    wrote[stream] = max(version, wrote.get(stream, 0))
        return wrote

    def notify(self, stream_id: str, events: list[StoredEvent], signals: set[str]) -> None:
        for reaction in self.registry:
            if reaction.durable or not (reaction.reacts_to(stream_id)
                                        or reaction.signals & signals):
                continue
            try:
                reaction.run(Context(self.service, reaction.name), events)
            except Exception:  # noqa: BLE001 - best effort: the views are committed
                log.exception("reaction %s to %s failed", reaction.name, stream_id)
