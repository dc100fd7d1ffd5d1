"""Projection handlers by event type, and the transaction they write through."""
from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, Protocol, TypeVar, overload

from ..domain.decider import Decider
from ..domain.events import Event
from ..store.ports import StoredEvent, ViewDoc, ViewStore
from .folds import StreamStates

E = TypeVar("E", bound=Event)
E1 = TypeVar("E1", bound=Event)
E2 = TypeVar("E2", bound=Event)
E3 = TypeVar("E3", bound=Event)
E_co = TypeVar("E_co", bound=Event, covariant=True)
S = TypeVar("S")


class Stored(Protocol[E_co]):
    """A stored event whose ``event`` is of a known class: what a handler registered with
    ``@projection.on(EventClass)`` receives (a ``StoredEvent`` at run time)."""

    @property
    def stream_id(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def type(self) -> str: ...
    @property
    def data(self) -> dict[str, Any]: ...
    @property
    def meta(self) -> dict[str, Any]: ...
    @property
    def event_id(self) -> str: ...
    @property
    def recorded_at(self) -> str: ...
    @property
    def event(self) -> E_co: ...


# what the projector calls: any stored event (handlers are looked up by its type name)
Handler = Callable[[StoredEvent, "ViewTx"], None]
On = Callable[[Callable[[Stored[E], "ViewTx"], None]], Callable[[Stored[E], "ViewTx"], None]]


class MissingView(KeyError):
    """A document a handler needs is not there (the events are out of order or a view
    was lost): the stream's projection fails, which records it damaged."""


class Projection:
    """Collects ``@projection.on(EventClass)`` handlers of one capability. ``streams``:
    the kinds of stream (``streams.kind_of``) whose events it projects, None for all.
    A handler gets the stored event; ``stored.event`` is the typed event."""

    def __init__(self, name: str, streams: Collection[str] | None = None):
        self.name = name
        self.streams = frozenset(streams) if streams is not None else None
        self.handlers: dict[str, list[Handler]] = {}

    @overload
    def on(self, t1: type[E1], /) -> On[E1]: ...
    @overload
    def on(self, t1: type[E1], t2: type[E2], /) -> On[E1 | E2]: ...
    @overload
    def on(self, t1: type[E1], t2: type[E2], t3: type[E3], /) -> On[E1 | E2 | E3]: ...
    @overload
    def on(self, every: str, /) -> On[Event]: ...

    def on(self, *event_types: type[Event] | str) -> Callable[[Any], Any]:
        """Handle events of these classes: the handler's first argument is typed
        ``Stored[ThatClass]`` (``Stored[A | B]`` for several); ``"*"``: every event."""
        names = [t if isinstance(t, str) else t.type for t in event_types]

        def register(handler: Callable[[Any, ViewTx], None]) -> Callable[[Any, ViewTx], None]:
            for name in names:
                self.handlers.setdefault(name, []).append(handler)
            return handler
        return register

    def event_types(self) -> list[str]:
        """The names of the events it handles (``"*"``: every event)."""
        return sorted(self.handlers)

    def projects(self, kind: str) -> bool:
        return self.streams is None or kind in self.streams


class ViewTx:
    """Reads see this transaction's own writes; nothing reaches the store until commit.
    ``states``: the aggregates' states folded from the events (``fold``)."""

    def __init__(self, store: ViewStore, states: StreamStates | None = None):
        self.store = store
        self.states = states
        self.puts: dict[str, ViewDoc] = {}
        self.deletes: set[str] = set()
        self.shared: set[str] = set()
        self.read: set[str] = set()
        self.signals: set[str] = set()

    def signal(self, name: str) -> None:
        """Tell the reactions registered for ``name`` (``reactions/``) once this
        transaction has committed, e.g. that a webhook delivery is due."""
        self.signals.add(name)

    def get(self, view_id: str) -> dict[str, Any] | None:
        self.read.add(view_id)
        if view_id in self.puts:
            return self.puts[view_id].doc
        if view_id in self.deletes:
            return None
        return self.store.get(view_id)

    def fold(self, decider: Decider[S], stream_id: str, version: int) -> S:
        """``decider``'s state folded from the stream's events 1..``version``."""
        if self.states is None:
            raise RuntimeError("this transaction reads no events")
        return self.states.state(decider, stream_id, version)

    def need(self, view_id: str) -> dict[str, Any]:
        """A document the event requires to exist (``MissingView`` when it does not)."""
        found = self.get(view_id)
        if found is None:
            raise MissingView(view_id)
        return found

    def patch(self, view_id: str, fields: dict[str, Any]) -> None:
        """Change some fields of an existing document, keeping its kind and sort key."""
        self.read.add(view_id)
        current = self.puts.get(view_id) or self.store.entry(view_id)
        if current is None or view_id in self.deletes:
            raise KeyError(view_id)
        self.put(view_id, {**current.doc, **fields}, kind=current.kind, sort=current.sort)

    def put(self, view_id: str, doc: dict[str, Any], kind: str = "doc", sort: str = "",
            shared: bool = False) -> None:
        """Write a view document. It belongs to the stream being projected; ``shared=True``
        is only for documents several streams write whose handlers converge in any order."""
        self.deletes.discard(view_id)
        self.puts[view_id] = ViewDoc(view_id, kind, sort, doc)
        if shared:
            self.shared.add(view_id)

    def delete(self, view_id: str, shared: bool = False) -> None:
        self.puts.pop(view_id, None)
        self.deletes.add(view_id)
        if shared:
            self.shared.add(view_id)

    def get_many(self, view_ids: list[str]) -> dict[str, dict[str, Any]]:
        """Several documents at once (this transaction's own writes included)."""
        self.read.update(view_ids)
        found = {v: self.puts[v].doc for v in view_ids if v in self.puts}
        missing = [v for v in view_ids if v not in self.puts and v not in self.deletes]
        return {**found, **(self.store.get_many(missing) if missing else {})}

    def list(self, kind: str, after: str | None = None, limit: int = 100) -> list[ViewDoc]:
        """Committed documents of ``kind`` merged with this transaction's own writes."""
        committed = [v for v in self.store.list(kind, after, limit)
                     if v.view_id not in self.puts and v.view_id not in self.deletes]
        mine = [v for v in self.puts.values()
                if v.kind == kind and (after is None or v.sort > after)]
        self.read.update(v.view_id for v in committed + mine)
        merged = sorted(committed + mine, key=lambda v: (v.sort, v.view_id))
        return merged[:limit]

    def blind(self) -> frozenset[str]:
        """Documents written but never read by this transaction."""
        return frozenset(self.puts) - self.read

    def size(self) -> int:
        return len(self.puts) + len(self.deletes)


def keyed(prefix: str) -> Callable[[str], str]:
    """The view ids (or kinds) ``<prefix><key>`` of one kind of document."""
    return lambda key: f"{prefix}{key}"
