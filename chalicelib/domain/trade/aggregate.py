"""The aggregates of this package (TRADE_POD, TRADE_PREP): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import prep
from .decide import decide
from .evolve import evolve
from .state import TradePodState

TRADE_POD = FunctionDecider("trade-pod", TradePodState, decide, evolve, stream=streams.trade_pod)
TRADE_PREP = FunctionDecider(
    "trade-prep", prep.TradePrepState, prep.decide, prep.evolve, stream=streams.trade
)
