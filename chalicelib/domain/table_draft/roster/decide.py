"""The pods of a table or mixed draft and the starters kept as sealed product, recorded
once per tournament (stream ``tdraft-<tid>`` or ``mixed-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from ...decider import unknown_command
from ...errors import Conflict
from ...events import Event
from ...pods.assignment import pod_number
from .. import clock
from ..events import LimitedLateArrival, LimitedPodsFormed


class FormPods(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    capability: str                       # "table-draft" | "mixed-draft"
    pods: list[list[str]]
    first_seats: list[str]
    starters: dict[str, list[dict[str, Any]]] = {}  # sealed starters per player (table draft)
    settings: dict[str, Any] = {}
    now: datetime
    chosen: list[str] = []                # "pods", "packs": chosen instead of the seed


class AddLateArrival(BaseModel):
    """7.2.6: a player added after the draft started receives sealed product."""

    model_config = ConfigDict(extra="forbid", defer_build=True, frozen=True)

    player: str
    allocation: dict[str, Any]
    now: datetime


@dataclass(frozen=True)
class RosterState:
    capability: str = ""
    pods: tuple[tuple[str, ...], ...] = ()
    first_seats: tuple[str, ...] = ()
    starters: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    formed_at: str | None = None
    late: dict[str, dict[str, Any]] = field(default_factory=dict)   # player -> sealed allocation

    @property
    def formed(self) -> bool:
        return bool(self.pods)

    def pod_of(self, player: str) -> int | None:
        return pod_number(self.pods, player)


def decide(command: Any, state: RosterState) -> list[Event]:
    if isinstance(command, AddLateArrival):
        return _late(command, state)
    if not isinstance(command, FormPods):
        unknown_command("draft roster", command)
    if state.formed:
        raise Conflict(f"the {state.capability} has already started", code="already_started")
    return [LimitedPodsFormed(
        capability=command.capability, pods=[list(p) for p in command.pods],
        first_seats=list(command.first_seats), starters=dict(command.starters),
        settings=dict(command.settings), at=clock.iso(command.now),
        chosen_by_organizer=list(command.chosen) or None)]


def _late(command: AddLateArrival, state: RosterState) -> list[Event]:
    if not state.formed:
        raise Conflict("the draft has not started; register the player before it starts",
                       code="not_started")
    if command.player in state.late or state.pod_of(command.player) is not None:
        raise Conflict(f"{command.player} already has product", code="already_has_product")
    return [LimitedLateArrival(player=command.player, allocation=dict(command.allocation),
                               at=clock.iso(command.now))]


def evolve(state: RosterState, event: Event) -> RosterState:
    match event:
        case LimitedLateArrival(player=player, allocation=allocation):
            return replace(state, late={**state.late, player: allocation})
        case LimitedPodsFormed():
            return replace(state, capability=event.capability,
                           pods=tuple(tuple(p) for p in event.pods),
                           first_seats=tuple(event.first_seats),
                           starters=dict(event.starters), settings=dict(event.settings),
                           formed_at=event.at)
    return state


def sealed_cards(allocation: dict[str, Any]) -> list[str]:
    """All cards of a sealed allocation (starters then packs)."""
    return [c for item in allocation.get("starters", []) + allocation.get("packs", [])
            for c in item["cards"]]
