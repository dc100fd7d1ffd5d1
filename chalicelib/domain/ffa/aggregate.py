"""The aggregate of this package (FFA): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state

FFA = FunctionDecider("ffa", state.FfaState, decide.decide, evolve.evolve, stream=streams.ffa)
