"""The aggregates of this package (POD, DRAFT): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state
from .roster import decide as roster_decide
from .roster import evolve as roster_evolve
from .roster import state as roster_state

POD = FunctionDecider("pod", state.PodState, decide.decide, evolve.evolve, stream=streams.draft_pod)
DRAFT = FunctionDecider("draft", roster_state.DraftState, roster_decide.decide,
                        roster_evolve.evolve, stream=streams.draft)
