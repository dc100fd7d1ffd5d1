"""What a draft roster (booster: ``draft-<tid>``; table and mixed: their roster streams)
knows of its seated players and the starters they keep, shared by both roster states."""
from __future__ import annotations

from functools import cached_property
from typing import Any


class SeatedRoster:
    """Mixed into a frozen roster state holding ``pods`` (players pod by pod) and
    ``starters`` (every player's, when the start recorded them; None: each pod's opening
    records its players')."""

    pods: tuple[tuple[str, ...], ...]
    starters: dict[str, list[dict[str, Any]]] | None

    @cached_property
    def seated(self) -> tuple[str, ...]:
        """Every player seated in a pod, pod by pod (the field starters are dealt to):
        made once per state, not once per pod opened."""
        return tuple(p for pod in self.pods for p in pod)

    def starters_of(self, player: str, pod: Any = None) -> list[dict[str, Any]]:
        """The starters ``player`` keeps as sealed product (V:EKN 7.5.2): as the roster
        recorded them, else as their pod's opening did (``pod``: its state; none while it
        is not open, and none in a mixed draft, whose pods open them)."""
        if self.starters is not None:
            return list(self.starters.get(player, []))
        return list(getattr(pod, "starters", {}).get(player, []))
