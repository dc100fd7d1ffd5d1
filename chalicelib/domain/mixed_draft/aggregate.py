"""The aggregate of this package (MIXED_DRAFT): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from .decide import decide
from .evolve import evolve
from .state import MixedDraftState

MIXED_DRAFT = FunctionDecider("mixed", MixedDraftState, decide, evolve,
                              stream=streams.mixed_draft_pod)
