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
                 evolve: Callable[[S, Event], S],
                 evolve_many: Callable[[S, list[Event]], S] | None = None):
        self.name = name
        self.initial = initial
        self.decide = decide
        self.evolve = evolve
        # optional: folds many events at once to the state ``evolve`` one by one gives
        # (an aggregate whose streams grow long: the federation's ledger)
        self.evolve_many = evolve_many


def fold(decider: Decider[S], state: S, events: Iterable[Event]) -> S:
    many: Callable[[S, list[Event]], S] | None = getattr(decider, "evolve_many", None)
    if many is not None:
        return many(state, list(events))
    for event in events:
        state = decider.evolve(state, event)
    return state
