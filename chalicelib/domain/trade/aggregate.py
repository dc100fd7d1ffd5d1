"""The aggregates of this package (TRADE_POD, TRADE_PREP): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from .decide import decide
from .evolve import evolve
from .prep import decide as prep_decide
from .prep import evolve as prep_evolve
from .prep import state as prep_state
from .state import TradePodState

TRADE_POD = FunctionDecider("trade-pod", TradePodState, decide, evolve, stream=streams.trade_pod)
TRADE_PREP = FunctionDecider("trade-prep", prep_state.TradePrepState, prep_decide.decide,
                             prep_evolve.evolve, stream=streams.trade)
