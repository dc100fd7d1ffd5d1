"""The aggregate of this package (LEDGER): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decider

LEDGER = FunctionDecider(
    "ledger", decider.LedgerState, decider.decide, decider.evolve, stream=streams.ledger
)
