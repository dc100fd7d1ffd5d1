"""The draft of a tournament as a whole (stream ``draft-<tid>``): when it started, the
pod assignment, each player's sealed part (starters, V:EKN 7.5.2) and late arrivals,
who receive sealed product instead of drafting (V:EKN 7.2.6). Picks live in the pod
streams ``pod-<tid>-<n>`` so pods never contend with each other.

Events: ``DraftStarted`` {pods: [[player ids in seat order]], rounds, starters?:
{player: [starter allocation]} (else each pod's ``PodOpened`` has its players'), at, by,
chosen_by_organizer: ["pods", "packs"] (when the organizer chose them instead of the
seed)}; ``LateArrivalProvided`` {player, product, at,
by}."""
from __future__ import annotations

from typing import Any

from ...decider import unknown_command
from ...errors import Conflict, Invalid
from ...events import Event
from ..events import DraftStarted, LateArrivalProvided
from .commands import ProvideLateArrival, StartDraft
from .state import DraftState


def decide(command: Any, state: DraftState) -> list[Event]:
    if isinstance(command, StartDraft):
        if state.started:
            raise Conflict("the draft has already started", code="already_started")
        players = [p for pod in command.pods for p in pod]
        if len(players) != len(set(players)) or any(len(pod) < 2 for pod in command.pods):
            raise Invalid("invalid pods", {"pods": command.pods})
        return [DraftStarted(pods=[list(p) for p in command.pods], rounds=command.rounds,
                             starters=None if command.starters is None
                             else dict(command.starters), at=command.now, by=command.by,
                             chosen_by_organizer=list(command.chosen) or None,
                             seed=command.seed, packs=command.packs)]
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
