"""The aggregate of this package (REPORTS): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state

REPORTS = FunctionDecider("report", state.ReceiptState, decide.decide, evolve.evolve,
                          stream=streams.report)
