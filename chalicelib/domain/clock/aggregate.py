"""The aggregate of this package (CLOCK): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state

CLOCK = FunctionDecider("clock", state.ClockState, decide.decide, evolve.evolve,
                        stream=streams.clock)
