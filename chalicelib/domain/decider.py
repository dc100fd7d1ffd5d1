"""The decider shape shared by every aggregate, and its binding to a kind of stream.

An aggregate is one :class:`FunctionDecider`: its name, ``initial``/``decide``/``evolve``,
and the builder of its streams (from :mod:`.streams`, which knows their kind). The unit
of work derives the stream from the aggregate and a key (``uow.decide(SWISS, tid, cmd)``,
``uow.load(TABLE_DRAFT_POD, (tid, n))``), so a decider cannot be given another
aggregate's stream."""
from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, NoReturn, Protocol, TypeVar

from .errors import Invalid
from .events import Event
from .streams import StreamMismatch, kind_of, tournament_of

S = TypeVar("S")

# a stream's key: a tournament id, an account id... or a tuple of the builder's arguments
Key = str | tuple[Any, ...]


class Decider(Protocol[S]):
    """``initial()`` gives the empty state; ``decide`` refuses (raises DomainError)
    or returns the events; ``evolve`` folds one event into a *new* state; ``stream_id``
    names the stream of a key."""

    name: str
    kind: str

    def initial(self) -> S: ...

    def decide(self, command: Any, state: S) -> list[Event]: ...

    def evolve(self, state: S, event: Event) -> S: ...

    def stream_id(self, key: Key) -> str: ...

    def checked(self, stream_id: str) -> str: ...


class FunctionDecider(Generic[S]):
    """Builds an aggregate from three plain functions and the builder of its streams
    (``stream``: a builder of :mod:`.streams`, marked with the kind it builds)."""

    def __init__(self, name: str, initial: Callable[[], S],
                 decide: Callable[[Any, S], list[Event]],
                 evolve: Callable[[S, Event], S], *, stream: Callable[..., str],
                 evolve_many: Callable[[S, list[Event]], S] | None = None):
        kind = getattr(stream, "kind", None)
        if kind is None:
            raise StreamMismatch(f"decider {name!r}: its stream builder names no kind "
                                 "(build it with domain/streams.py's _of_kind)")
        self.name = name
        self.kind: str = kind
        self.stream = stream
        arity = len(inspect.signature(stream).parameters)
        # what every stream id of this aggregate starts with: "swiss-", "cardset-s-"
        self._prefix = stream(*["\0"] * arity).split("\0", 1)[0]
        self.initial = initial
        self.decide = decide
        self.evolve = evolve
        # optional: folds many events at once to the state ``evolve`` one by one gives
        # (an aggregate whose streams grow long: the federation's ledger)
        self.evolve_many = evolve_many

    def stream_id(self, key: Key) -> str:
        """The stream of ``key`` (a tuple: the builder's arguments; a string: its one
        argument). A stream id given as a key (``swiss-<tid>``) raises
        :class:`StreamMismatch`: callers name the key, the aggregate derives the stream."""
        if isinstance(key, str) and (key.startswith(self._prefix)
                                     or tournament_of(key) is not None):
            raise StreamMismatch(f"decider {self.name!r}: {key!r} is a stream id; pass its "
                                 "key (a tournament id, or the builder's arguments)")
        try:
            stream_id = self.stream(*key) if isinstance(key, tuple) else self.stream(key)
        except TypeError as exc:
            raise StreamMismatch(f"decider {self.name!r}: no stream of key {key!r}") from exc
        return self.checked(stream_id)

    def checked(self, stream_id: str) -> str:
        """``stream_id`` when it is one of this aggregate's streams (the service reads
        streams the unit of work derived), else :class:`StreamMismatch`."""
        if kind_of(stream_id) != self.kind:
            raise StreamMismatch(f"decider {self.name!r} folds {self.kind!r} streams, "
                                 f"not {stream_id!r}")
        return stream_id

    def __repr__(self) -> str:
        return f"<aggregate {self.name} on {self.kind} streams>"


def unknown_command(aggregate: str, command: Any) -> NoReturn:
    """Refuse a command the aggregate does not know (a 422, the same for every decider)."""
    raise Invalid(f"unknown {aggregate} command {type(command).__name__}")


Handler = Callable[[Any, S], list[Event]]


def dispatch(aggregate: str, handlers: Mapping[type, Handler[S]], command: Any,
             state: S) -> list[Event]:
    """``decide`` by the command's class: its handler's events, or the same 422 for a
    command the aggregate does not know (:func:`unknown_command`)."""
    handler = handlers.get(type(command))
    if handler is None:
        unknown_command(aggregate, command)
    return handler(command, state)


def fold(decider: Decider[S], state: S, events: Iterable[Event]) -> S:
    many: Callable[[S, list[Event]], S] | None = getattr(decider, "evolve_many", None)
    if many is not None:
        return many(state, list(events))
    for event in events:
        state = decider.evolve(state, event)
    return state
