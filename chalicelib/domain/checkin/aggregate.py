"""The aggregate of this package (CHECKIN): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state

CHECKIN = FunctionDecider("checkin", state.CheckInState, decide.decide, evolve.evolve,
                          stream=streams.checkin)
