"""Reading a stream's state from what a use case is given: a unit of work (a command:
guarded or not) or the ``Reads`` of a query; every projected view of a kind."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from ..domain.decider import Decider, Key

S = TypeVar("S")


def state(source: Any, decider: Decider[S], key: Key, guard: bool = False) -> S:
    """The folded state of the aggregate's stream of ``key`` (a tournament id, a tuple:
    see ``domain/decider.py``). In a unit of work ``guard`` makes its commit fail (and
    the work re-run) if the stream changes meanwhile; a query reads it consistently."""
    folded: S
    if hasattr(source, "load"):
        folded = source.load(decider, key, guard=guard)
    else:
        folded, _ = source.service.read(decider, key)
    return folded


def reader(source: Any, guard: bool = False) -> Callable[[Any, Any], Any]:
    """``read(decider, key)`` from ``source`` (see :func:`state`)."""
    return lambda decider, key: state(source, decider, key, guard)


def each_view(views: Any, kind: str, page: int = 100) -> Iterator[Any]:
    """Every projected view of ``kind``, read a page at a time (the scheduled sweeps)."""
    after = None
    while True:
        batch = views.list(kind, after=after, limit=page)
        for view in batch:
            yield view
            after = view.sort
        if len(batch) < page:
            break
