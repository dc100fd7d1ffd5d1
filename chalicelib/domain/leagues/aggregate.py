"""The aggregate of this package (LEAGUE): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import LeagueState, decide, evolve

LEAGUE = FunctionDecider("league", LeagueState, decide, evolve, stream=streams.league)
