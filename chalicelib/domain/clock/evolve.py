"""The evolve function of the clock aggregate (stream ``clock-<tid>``)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from .events import TimeExtended
from .state import ClockState
from .targets import round_key


def evolve(state: ClockState, event: Event) -> ClockState:
    if not isinstance(event, TimeExtended):
        return state
    target = event.target
    key = round_key(target)
    return replace(state, counts={**state.counts, target: state.counts.get(target, 0) + 1},
                   minutes={**state.minutes,
                            target: state.minutes.get(target, 0) + event.minutes},
                   per_round={**state.per_round,
                              key: state.per_round.get(key, frozenset()) | {target}})
