"""One snapshot of each stream per answer: ``api/consistency.py`` opens a scope around
each answer of a request, and in it every read of a stream after the first is answered by
what the first read folded, without asking the store again. A player's read asked the store
for the tournament to authenticate and again to answer, a draft seat for its pod twice, a
pick for the tournament to authenticate and again in its unit of work: on DynamoDB each is
a round trip.

A unit of work's first attempt starts from the scope's snapshots: its commit is checked
against the versions it read, so a guarded stream that moved on since fails the commit,
and every retry reads the store afresh (an unguarded load may be as old as a read made
just before the command, which it could have been anyway). Every command run in a scope
empties it, so a read after a write within the same answer (a pod's due auto-picks
recorded before it is shown) reads the store again."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

_SCOPE: ContextVar[dict[tuple[str, str], tuple[Any, int]] | None] = ContextVar(
    "podium_read_scope", default=None)


@contextmanager
def read_scope() -> Iterator[None]:
    """Reads of one answer: each stream read from the store at most once."""
    token = _SCOPE.set({})
    try:
        yield
    finally:
        _SCOPE.reset(token)


def snapshots() -> dict[tuple[str, str], tuple[Any, int]] | None:
    """The current scope's (decider, stream) -> (state, version); None outside one."""
    return _SCOPE.get()


def forget() -> None:
    """Empty the current scope (a command ran: its streams may have moved on)."""
    memo = _SCOPE.get()
    if memo is not None:
        memo.clear()
