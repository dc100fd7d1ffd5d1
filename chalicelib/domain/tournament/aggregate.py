"""The aggregate of this package (TOURNAMENT): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decider, state

TOURNAMENT = FunctionDecider(
    "tournament", state.TournamentState, decider.decide, decider.evolve,
    stream=streams.tournament,
)
