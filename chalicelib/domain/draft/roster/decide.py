"""The draft of a tournament as a whole (stream ``draft-<tid>``): when it started, the
pod assignment, each player's sealed part (starters, V:EKN 7.5.2) and late arrivals,
who receive sealed product instead of drafting (V:EKN 7.2.6). Picks live in the pod
streams ``pod-<tid>-<n>`` so pods never contend with each other.

Events: ``DraftStarted`` {pods: [[player ids in seat order]], rounds, starters:
{player: [starter allocation]}, at, by, chosen_by_organizer: ["pods", "packs"] (when
the organizer chose them instead of the seed)}; ``LateArrivalProvided`` {player, product, at, by}.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...decider import unknown_command
from ...errors import Conflict, Invalid
from ...events import Event
from ..events import DraftStarted, LateArrivalProvided


@dataclass(frozen=True)
class DraftState:
    started: bool = False
    pods: tuple[tuple[str, ...], ...] = ()
    pod_of: dict[str, int] = field(default_factory=dict)  # player -> pod number (1-based)
    rounds: int = 0
    starters: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    late: dict[str, dict[str, Any]] = field(default_factory=dict)
    started_at: int | None = None


@dataclass(frozen=True)
class StartDraft:
    pods: list[list[str]]
    rounds: int
    starters: dict[str, list[dict[str, Any]]]
    now: int
    by: str
    # what the organizer chose instead of the seed ("pods", "packs"): recorded so an
    # audit tells a choice from a changed draw
    chosen: tuple[str, ...] = ()


@dataclass(frozen=True)
class ProvideLateArrival:
    player: str
    product: dict[str, Any]
    now: int
    by: str


def decide(command: Any, state: DraftState) -> list[Event]:
    if isinstance(command, StartDraft):
        if state.started:
            raise Conflict("the draft has already started", code="already_started")
        players = [p for pod in command.pods for p in pod]
        if len(players) != len(set(players)) or any(len(pod) < 2 for pod in command.pods):
            raise Invalid("invalid pods", {"pods": command.pods})
        return [DraftStarted(pods=[list(p) for p in command.pods], rounds=command.rounds,
                             starters=dict(command.starters), at=command.now, by=command.by,
                             chosen_by_organizer=list(command.chosen) or None)]
    if isinstance(command, ProvideLateArrival):
        if not state.started:
            raise Conflict("the draft has not started; the player can join a pod",
                           code="not_started")
        if command.player in state.pod_of or command.player in state.late:
            raise Conflict("the player already has product", {"player": command.player},
                           code="already_has_product")
        return [LateArrivalProvided(player=command.player, product=command.product,
                                    at=command.now, by=command.by)]
    unknown_command("draft", command)


def evolve(state: DraftState, event: Event) -> DraftState:
    match event:
        case DraftStarted():
            pods = tuple(tuple(p) for p in event.pods)
            return replace(state, started=True, pods=pods, rounds=event.rounds,
                           pod_of={p: n for n, pod in enumerate(pods, start=1) for p in pod},
                           starters=dict(event.starters), started_at=event.at)
        case LateArrivalProvided():
            late = dict(state.late)
            late[event.player] = event.product
            return replace(state, late=late)
    return state
