"""The aggregates of this package (PUSH_SUBSCRIPTIONS, PUSH_LOG): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import PushBatchAttempted, Subscriptions, _decide_log, _decide_player, _evolve_player

PUSH_SUBSCRIPTIONS = FunctionDecider(
    "push", Subscriptions, _decide_player, _evolve_player, stream=streams.push
)
PUSH_LOG: FunctionDecider[int] = FunctionDecider(
    "pushlog",
    lambda: 0,
    _decide_log,
    lambda s, e: s + 1 if isinstance(e, PushBatchAttempted) else s,
    stream=streams.push_log,
)
