"""The aggregate of this package (CHECKIN): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decider

CHECKIN = FunctionDecider(
    "checkin", decider.CheckInState, decider.decide, decider.evolve, stream=streams.checkin
)
