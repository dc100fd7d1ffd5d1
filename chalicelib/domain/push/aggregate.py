"""The aggregates of this package (PUSH_SUBSCRIPTIONS, PUSH_LOG): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from .decide import decide
from .evolve import evolve
from .log import decide as log_decide
from .log import evolve as log_evolve
from .log import state as log_state
from .state import Subscriptions

PUSH_SUBSCRIPTIONS = FunctionDecider("push", Subscriptions, decide, evolve, stream=streams.push)
PUSH_LOG: FunctionDecider[int] = FunctionDecider("pushlog", log_state.initial, log_decide.decide,
                                                 log_evolve.evolve, stream=streams.push_log)
