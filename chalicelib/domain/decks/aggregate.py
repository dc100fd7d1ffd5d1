"""The aggregate of this package (DECKS): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state

DECKS = FunctionDecider("decks", state.initial, decide.decide, evolve.evolve, stream=streams.decks)
