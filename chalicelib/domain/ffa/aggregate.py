"""The aggregate of this package (FFA): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decider

FFA = FunctionDecider("ffa", decider.FfaState, decider.decide, decider.evolve, stream=streams.ffa)
