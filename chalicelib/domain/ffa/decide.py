"""The free-for-all aggregate (stream ``ffa-<tid>``): one game per pod."""
from __future__ import annotations

from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Invalid
from ..events import Event
from .commands import ReportPodGame
from .events import FfaPodReported
from .result import places, validate
from .state import FfaState


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
