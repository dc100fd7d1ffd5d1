"""The aggregate of this package (DECKS): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decider, state

DECKS = FunctionDecider(
    "decks", state.initial, decider.decide, state.evolve, stream=streams.decks
)
