"""The state of the booster draft roster aggregate (stream ``draft-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...pods.roster_starters import SeatedRoster


@dataclass(frozen=True)
class DraftState(SeatedRoster):
    started: bool = False
    pods: tuple[tuple[str, ...], ...] = ()
    pod_of: dict[str, int] = field(default_factory=dict)  # player -> pod number (1-based)
    rounds: int = 0
    # every player's starters, when the start recorded them (before DraftStarted version
    # 3, or product entered per player); None: each pod's opening records its players'
    # (``PodOpened.starters``, read with :meth:`starters_of`)
    starters: dict[str, list[dict[str, Any]]] | None = field(default_factory=dict)
    late: dict[str, dict[str, Any]] = field(default_factory=dict)
    started_at: int | None = None
    # recorded when the pods open after the start, each in its own commit (None: they
    # opened with it): the seed their packs come from, the packs the organizer chose
    seed: str | None = None
    packs: dict[str, list[list[str]]] | None = None



    @property
    def opens_pods(self) -> bool:
        """Whether the pods open after the start (the ``open-draft-pods`` reaction)."""
        return self.started and self.seed is not None
