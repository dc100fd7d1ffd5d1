"""The aggregate of this package (TOURNAMENT): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state

TOURNAMENT = FunctionDecider("tournament", state.TournamentState, decide.decide, evolve.evolve,
                             stream=streams.tournament)
