"""The free-for-all aggregate (stream ``ffa-<tid>``): one game per pod."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Invalid
from ..events import Event
from .events import FfaPodReported
from .result import places, validate


@dataclass(frozen=True)
class ReportPodGame:
    pod: int
    winner: str
    eliminated: list[str]
    # Facts: the pod's players when the pods are known, else the tournament's players.
    pod_players: list[str] | None = None
    tournament_players: list[str] | None = None
    now: str = ""


@dataclass(frozen=True)
class FfaState:
    # pod -> rows {player, place, outlasted}
    pods: dict[int, list[dict[str, Any]]] = field(default_factory=dict)

    def pod_of(self, player: str) -> int | None:
        for pod, rows in self.pods.items():
            if any(r["player"] == player for r in rows):
                return pod
        return None


def decide(command: Any, state: FfaState) -> list[Event]:
    if not isinstance(command, ReportPodGame):
        unknown_command("ffa", command)
    if isinstance(command.pod, bool) or not isinstance(command.pod, int) or command.pod < 1:
        raise Invalid("pod numbers start at 1", {"pod": command.pod}, code="invalid_pod")
    order = validate(command.winner, command.eliminated, command.pod_players,
                     command.tournament_players)
    elsewhere = sorted(p for p in order
                       if state.pod_of(p) not in (None, command.pod))
    if elsewhere:
        raise Conflict("players already have a result in another pod",
                       {"players": elsewhere}, code="other_pod")
    return [FfaPodReported(pod=command.pod, winner=command.winner,
                           eliminated=list(command.eliminated), places=places(order))]


def evolve(state: FfaState, event: Event) -> FfaState:
    if isinstance(event, FfaPodReported):
        pods = dict(state.pods)
        pods[event.pod] = list(event.places)
        return replace(state, pods=pods)
    return state
