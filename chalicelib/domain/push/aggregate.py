"""The aggregates of this package (PUSH_SUBSCRIPTIONS, PUSH_LOG): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from .decide import _decide_player
from .evolve import _evolve_player
from .log import decide as log_decide
from .log import evolve as log_evolve
from .log import state as log_state
from .state import Subscriptions

PUSH_SUBSCRIPTIONS = FunctionDecider(
    "push", Subscriptions, _decide_player, _evolve_player, stream=streams.push
)
PUSH_LOG: FunctionDecider[int] = FunctionDecider(
    "pushlog",
    log_state.initial,
    log_decide._decide_log,
    log_evolve.evolve,
    stream=streams.push_log,
)
