"""The aggregate of this package (ALLEGATIONS): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from .decide import decide
from .evolve import evolve
from .state import AllegationsState

ALLEGATIONS = FunctionDecider("allegations", AllegationsState, decide, evolve,
                              stream=streams.allegations)
