"""The pods of a table or mixed draft and the starters kept as sealed product, recorded
once per tournament (stream ``tdraft-<tid>`` or ``mixed-<tid>``)."""
from __future__ import annotations

from typing import Any

from ...decider import unknown_command
from ...errors import Conflict
from ...events import Event
from .. import clock
from ..events import LimitedLateArrival, LimitedPodsFormed
from .commands import AddLateArrival, FormPods
from .state import RosterState


def decide(command: Any, state: RosterState) -> list[Event]:
    if isinstance(command, AddLateArrival):
        return _late(command, state)
    if not isinstance(command, FormPods):
        unknown_command("draft roster", command)
    if state.formed:
        raise Conflict(f"the {state.capability} has already started", code="already_started")
    return [LimitedPodsFormed(
        capability=command.capability, pods=[list(p) for p in command.pods],
        first_seats=list(command.first_seats),
        starters=None if command.starters is None else dict(command.starters),
        settings=dict(command.settings), at=clock.iso(command.now),
        chosen_by_organizer=list(command.chosen) or None, seed=command.seed,
        packs=command.packs)]


def _late(command: AddLateArrival, state: RosterState) -> list[Event]:
    if not state.formed:
        raise Conflict("the draft has not started; register the player before it starts",
                       code="not_started")
    if command.player in state.late or state.pod_of(command.player) is not None:
        raise Conflict(f"{command.player} already has product", code="already_has_product")
    return [LimitedLateArrival(player=command.player, allocation=dict(command.allocation),
                               at=clock.iso(command.now))]


def sealed_cards(allocation: dict[str, Any]) -> list[str]:
    """All cards of a sealed allocation (starters then packs)."""
    return [c for item in allocation.get("starters", []) + allocation.get("packs", [])
            for c in item["cards"]]
