"""The state of the table and mixed draft roster aggregate (streams ``tdraft-<tid>``,
``mixed-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...pods.assignment import pod_number
from ...pods.roster_starters import SeatedRoster


@dataclass(frozen=True)
class RosterState(SeatedRoster):
    capability: str = ""
    pods: tuple[tuple[str, ...], ...] = ()
    first_seats: tuple[str, ...] = ()
    # the starters each player keeps as sealed product, when the roster records them
    # (``LimitedPodsFormed`` version 1); None: each pod's opening records its own
    # players' (``TableDraftStarted.starters``, read with :meth:`starters_of`)
    starters: dict[str, list[dict[str, Any]]] | None = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    formed_at: str | None = None
    late: dict[str, dict[str, Any]] = field(default_factory=dict)   # player -> sealed allocation
    # recorded when the pods open after the start, each in its own commit (None: they
    # started with it): the seed their product comes from, the product the organizer chose
    seed: str | None = None
    packs: dict[str, list[list[str]]] | None = None


    @property
    def opens_pods(self) -> bool:
        """Whether the pods open after the start (the ``open-roster-pods`` reaction)."""
        return self.formed and self.seed is not None

    @property
    def formed(self) -> bool:
        return bool(self.pods)


    def pod_of(self, player: str) -> int | None:
        return pod_number(self.pods, player)
