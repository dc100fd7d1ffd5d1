"""What is left to play in free-for-all pods (MTG 905.3), for the tournament's finish."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .state import FfaState


def open_play(state: FfaState, pods: Sequence[Sequence[str]] | None,
              active: Sequence[str]) -> list[dict[str, Any]]:
    """Pods of the draft without a reported game or, when no draft fixed the pods, the
    active players who have no result in any pod; empty when every game is in."""
    if pods:
        missing = [n for n in range(1, len(pods) + 1) if n not in state.pods]
        if missing:
            return [{"kind": "pods_open", "pods": missing,
                     "message": f"pod(s) {', '.join(map(str, missing))} without a result"}]
        return []
    placed = {row["player"] for rows in state.pods.values() for row in rows}
    without = [p for p in active if p not in placed]
    if without:
        return [{"kind": "players_without_result", "players": without,
                 "message": f"{len(without)} player(s) without a pod result"}]
    return []
