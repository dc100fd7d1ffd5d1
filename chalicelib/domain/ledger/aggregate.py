"""The aggregate of this package (LEDGER): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state

LEDGER = FunctionDecider("ledger", state.LedgerState, decide.decide, evolve.evolve,
                         stream=streams.ledger, evolve_many=evolve.evolve_many)
