"""The aggregate of this package (ANNOUNCEMENTS): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve

ANNOUNCEMENTS = FunctionDecider(
    "announcements", lambda: 0, decide, evolve, stream=streams.announcements
)
