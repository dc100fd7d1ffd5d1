"""The aggregate of this package (CALLS): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state

CALLS = FunctionDecider("calls", state.CallsState, decide.decide, evolve.evolve,
                        stream=streams.calls)
