"""The aggregate of this package (REPORTS): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import receipt

REPORTS = FunctionDecider(
    "report", receipt.ReceiptState, receipt.decide, receipt.evolve, stream=streams.report
)
