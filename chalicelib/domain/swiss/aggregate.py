"""The aggregates of this package (SWISS, MATCH): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state
from .match import decide as match_decide
from .match import evolve as match_evolve
from .match import state as match_state

SWISS = FunctionDecider("swiss", state.SwissState, decide.decide, evolve.evolve,
                        stream=streams.swiss)
MATCH = FunctionDecider("swiss-match", match_state.MatchState, match_decide.decide,
                        match_evolve.evolve, stream=streams.swiss_match)
