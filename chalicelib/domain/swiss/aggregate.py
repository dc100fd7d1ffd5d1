"""The aggregates of this package (SWISS, MATCH): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decider, evolve, match, state

SWISS = FunctionDecider(
    "swiss", state.SwissState, decider.decide, evolve.evolve, stream=streams.swiss
)
MATCH = FunctionDecider(
    "swiss-match", match.MatchState, match.decide, match.evolve, stream=streams.swiss_match
)
