"""The aggregate of this package (CLOCK): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decider

CLOCK = FunctionDecider(
    "clock", decider.ClockState, decider.decide, decider.evolve, stream=streams.clock
)
