"""The aggregate of this package (ANNOUNCEMENTS): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from .decide import decide
from .evolve import evolve
from .state import initial

ANNOUNCEMENTS = FunctionDecider("announcements", initial, decide, evolve,
                                stream=streams.announcements)
