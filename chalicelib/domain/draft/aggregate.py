"""The aggregates of this package (POD, DRAFT): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state, tournament

POD = FunctionDecider(
    "pod", state.PodState, decide.decide, evolve.evolve, stream=streams.draft_pod
)
DRAFT = FunctionDecider(
    "draft", tournament.DraftState, tournament.decide, tournament.evolve, stream=streams.draft
)
