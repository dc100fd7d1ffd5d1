"""What every check may need from the whole log: the revealed seed, the tournament's
resolved settings and players, the card sets, and the final state of any stream."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..domain.decider import Decider
from ..domain.events import decode
from ..domain.product.cards import CardSet
from ..domain.tournament.state import TournamentState, plain
from .findings import Recorded
from .log import AuditLog


@dataclass
class Context:
    log: AuditLog
    tournament: TournamentState
    seed: str | None
    expected_sha256: str | None = None
    # set by the engine for each check: the stream's events after the one checked, and
    # the (stream, version) pairs already re-derived together with an earlier event
    following: list = field(default_factory=list)
    previous: Recorded | None = None      # the stream's event before the one checked
    covered: set = field(default_factory=set)
    _finals: dict[str, Any] = field(default_factory=dict)
    _once: dict[Any, tuple[bool, Any]] = field(default_factory=dict)

    @property
    def sets(self) -> dict[str, CardSet]:
        return self.log.card_sets

    def section(self, name: str) -> dict[str, Any]:
        return plain(self.tournament.settings.get(name, {}))

    # events decode with the version of their shape the log names (1 when it names none:
    # every upcaster leaves a payload of today's shape as it is)
    def final_state(self, decider: Decider, stream_id: str) -> Any:
        """The state of another stream after all its events."""
        if stream_id not in self._finals:
            state = decider.initial()
            for e in self.log.streams.get(stream_id, []):
                state = decider.evolve(state, decode(e.type, e.data, e.schema_version,
                                                     stream_id))
            self._finals[stream_id] = state
        return self._finals[stream_id]

    def once(self, key: Any, make: Callable[[], Any]) -> Any:
        """``make()`` run once per verification for ``key``: what a roster deals to its
        whole field (every player's starters, every pod's start), which each pod's check
        then slices, so verifying grows with the field, not with pods times players. The
        log is fixed while it runs; a failure is raised again for every later caller."""
        if key not in self._once:
            try:
                self._once[key] = (True, make())
            except Exception as exc:  # noqa: BLE001 - raised again to each caller
                self._once[key] = (False, exc)
        made, value = self._once[key]
        if not made:
            raise value
        return value
