"""The aggregate of this package (CALLS): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decider

CALLS = FunctionDecider(
    "calls", decider.CallsState, decider.decide, decider.evolve, stream=streams.calls
)
