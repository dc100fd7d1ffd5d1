"""Given events, when a command, then events (or a refusal): a decider test in one line.

    given(DECKS, opened).when(RegisterDeck(...)).then(DeckRegistered(...))
    given(DECKS).when(RegisterDeck(...)).then_refused("deckbuilding_not_open")

``given`` folds the history with the decider's own ``evolve``; ``when`` decides (a
refusal is kept, not raised, until ``then_refused`` looks at it) and checks that deciding
left the state as it was (deciders are pure); ``then`` compares the decided events with
the expected ones: an event instance compares equal field by field, an event class or
an event's name matches any event of that type. Both return the outcome, so a test can go
on asserting on ``.events``, ``.state`` (folded from them), or the refusal's details.
``past(DECIDER, *commands)`` gives the events some commands decide one after another,
for a history that is easier to write as commands (packs allocated, seeds drawn)."""
from __future__ import annotations

import pickle
import re
from dataclasses import dataclass, field
from typing import Any

from chalicelib.domain.decider import Decider, fold
from chalicelib.domain.errors import DomainError
from chalicelib.domain.events import Event


def past(decider: Decider, *commands: Any, after: list[Event] = ()) -> list[Event]:
    """``after`` (a history), then the events ``commands`` decide in turn after it."""
    state = fold(decider, decider.initial(), after)
    history: list[Event] = list(after)
    for command in commands:
        events = decider.decide(command, state)
        state = fold(decider, state, events)
        history.extend(events)
    return history


def given(decider: Decider, *history: Event | list[Event]) -> Given:
    """The decider's state after ``history`` (events, or lists of them)."""
    flat: list[Event] = []
    for item in history:
        flat.extend(item if isinstance(item, list) else [item])
    return Given(decider, fold(decider, decider.initial(), flat), flat)


@dataclass
class Given:
    decider: Decider
    state: Any
    history: list[Event]

    def when(self, command: Any) -> Outcome:
        before = _snapshot(self.state)
        try:
            events = self.decider.decide(command, self.state)
            refusal = None
        except DomainError as exc:
            events, refusal = [], exc
        if before is not None:
            assert _snapshot(self.state) == before, "decide changed the state it was given"
        return Outcome(self.decider, self.state, command, events, refusal)


@dataclass
class Outcome:
    decider: Decider
    before: Any
    command: Any
    events: list[Event]
    refusal: DomainError | None
    state: Any = field(init=False, default=None)

    def __post_init__(self) -> None:
        if self.refusal is None:
            self.state = fold(self.decider, self.before, self.events)

    def then(self, *expected: Event | type[Event] | str) -> Outcome:
        assert self.refusal is None, f"refused: {self.refusal.code}: {self.refusal.message}"
        assert len(self.events) == len(expected) and all(
            _matches(e, want) for e, want in zip(self.events, expected, strict=True)), (
            f"decided {_names(self.events)}, expected {[_name(w) for w in expected]}:\n"
            + "\n".join(f"  {e!r}" for e in self.events))
        return self

    def then_nothing(self) -> Outcome:
        """Accepted, and nothing to record (a repeated command, idempotent)."""
        return self.then()

    def then_refused(self, code: str | type[DomainError], match: str | None = None
                     ) -> DomainError:
        """Refused with this error code (or class), its message matching ``match``."""
        assert self.refusal is not None, f"not refused: decided {_names(self.events)}"
        if isinstance(code, str):
            assert self.refusal.code == code, (self.refusal.code, self.refusal.message)
        else:
            assert isinstance(self.refusal, code), (type(self.refusal), self.refusal.message)
        if match is not None:
            assert re.search(match, self.refusal.message), self.refusal.message
        return self.refusal


def _matches(event: Event, want: Event | type[Event] | str) -> bool:
    if isinstance(want, str):
        return event.type == want
    if isinstance(want, type):
        return isinstance(event, want)
    return event == want


def _name(want: Event | type[Event] | str) -> str:
    return want if isinstance(want, str) else want.type


def _names(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def _snapshot(state: Any) -> bytes | None:
    """The state's bytes, to compare with after deciding (the same objects, unchanged,
    pickle the same; None: a state that cannot be pickled is not compared)."""
    try:
        return pickle.dumps(state)
    except Exception:  # noqa: BLE001 - not comparable
        return None
