"""The decider shape shared by every aggregate."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, Protocol, TypeVar

from .events import Event

S = TypeVar("S")


class Decider(Protocol[S]):
    """``initial()`` gives the empty state; ``decide`` refuses (raises DomainError)
    or returns the events; ``evolve`` folds one event into a *new* state."""

    name: str

    def initial(self) -> S: ...

    def decide(self, command: Any, state: S) -> list[Event]: ...

    def evolve(self, state: S, event: Event) -> S: ...


class FunctionDecider(Generic[S]):
    """Builds a decider from three plain functions."""

    def __init__(self, name: str, initial: Callable[[], S],
                 decide: Callable[[Any, S], list[Event]],
                 evolve: Callable[[S, Event], S]):
        self.name = name
        self.initial = initial
        self.decide = decide
        self.evolve = evolve


def fold(decider: Decider[S], state: S, events: Iterable[Event]) -> S:
    for event in events:
        state = decider.evolve(state, event)
    return state
