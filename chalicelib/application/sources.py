"""Reading a stream's state from what a use case is given: a unit of work (a command:
guarded or not) or the ``Reads`` of a query; every projected view of a kind."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from ..domain.decider import Decider

S = TypeVar("S")


def state(source: Any, decider: Decider[S], stream_id: str, guard: bool = False) -> S:
    """The stream's folded state. In a unit of work ``guard`` makes its commit fail (and
    the work re-run) if the stream changes meanwhile; a query reads it consistently."""
    folded: S
    if hasattr(source, "load"):
        folded = source.load(decider, stream_id, guard=guard)
    else:
        folded, _ = source.service.read(decider, stream_id)
    return folded


def reader(source: Any, guard: bool = False) -> Callable[[Any, str], Any]:
    """``read(decider, stream_id)`` from ``source`` (see :func:`state`)."""
    return lambda decider, stream_id: state(source, decider, stream_id, guard)


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
