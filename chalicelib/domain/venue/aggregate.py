"""The aggregate of this package (LEASE): its decider bound to the builder of its
streams (domain/decider.py)."""
from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state

LEASE = FunctionDecider("lease", state.LeaseState, decide.decide, evolve.evolve,
                        stream=streams.lease)
