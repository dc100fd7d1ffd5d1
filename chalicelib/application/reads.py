"""What a query (a GET) reads: a stream's folded state (consistent: the service's cache
caught up with the store) and the projected views. Routes pass the runtime's."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..domain.errors import DomainError


@dataclass(frozen=True)
class Reads:
    service: Any          # CommandService: .read(decider, key) -> (state, version)
    views: Any            # ViewStore

    def state(self, decider: Any, key: Any) -> Any:
        state, _ = self.service.read(decider, key)
        return state

    def tally(self, name: str) -> int:
        """The tally's members committed so far (a round's results recorded)."""
        return self.service.events.tally(name)


class InvalidQuery(DomainError):
    """A query's parameter does not parse (a cursor that is not one): 400."""

    status = 400
    code = "invalid_query"
