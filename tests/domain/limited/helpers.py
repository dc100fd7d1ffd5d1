"""Running a decider in tests: decide, then fold, as the service does."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

from chalicelib.domain.decider import fold

T0 = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


class Run:
    """A decider with its state and the events appended so far."""

    def __init__(self, decider):
        self.decider = decider
        self.state = decider.initial()
        self.events = []

    def __call__(self, command):
        events = self.decider.decide(command, self.state)
        self.state = fold(self.decider, self.state, events)
        self.events.extend(events)
        return events

    def types(self, events=None):
        return [e.type for e in (self.events if events is None else events)]
