"""What a query (a GET) reads: a stream's folded state (consistent: the service's cache
caught up with the store) and the projected views. Routes pass the runtime's."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from ..domain.decider import Decider, Key
from ..domain.errors import DomainError

if TYPE_CHECKING:
    from ..service.command_service import CommandService
    from ..store.ports import ViewStore

S = TypeVar("S")


@dataclass(frozen=True)
class Reads:
    service: CommandService    # .read(decider, key) -> (state, version)
    views: ViewStore

    def state(self, decider: Decider[S], key: Key) -> S:
        state: S
        state, _ = self.service.read(decider, key)
        return state

    def tally(self, name: str) -> int:
        """The tally's members committed so far (a round's results recorded)."""
        return self.service.events.tally(name)


class InvalidQuery(DomainError, status=400, code="invalid_query"):
    """A query's parameter does not parse (a cursor that is not one): 400."""
