"""What a command handler sees: load states, decide, queue events for one atomic commit."""
from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from ..domain.decider import Decider, Key
from ..domain.events import Event
from ..store.ports import NewEvent, StreamWrite, Tally

S = TypeVar("S")


@dataclass
class _Stream:
    decider: Decider
    expected_version: int
    state: Any
    guard: bool
    events: list[Event] = field(default_factory=list)


class UnitOfWork:
    def __init__(self, loader: Callable[[Decider, str], tuple[Any, int]], now: datetime,
                 meta: dict[str, Any], evolve_wrapper: Callable | None = None,
                 many: Callable[[Decider, list[str]], dict[str, Any]] | None = None,
                 tally: Callable[[str], int] | None = None):
        self._loader = loader
        self._many = many
        self._tally = tally
        self._evolve_wrapper = evolve_wrapper
        self._streams: dict[str, _Stream] = {}
        self._tallies: list[Tally] = []
        self._refusal_tallies: list[tuple[Tally, frozenset[str]]] = []
        self.now = now
        self.meta = meta

    def load(self, decider: Decider[S], key: Key, guard: bool = True) -> S:
        """The current state of the aggregate's stream of ``key`` (``SWISS, tid``;
        ``TABLE_DRAFT, (tid, n)``). With ``guard`` the commit fails (and the work is
        re-run) if the stream changes before it."""
        return self.load_stream(decider, decider.stream_id(key), guard)

    def load_stream(self, decider: Decider[S], stream_id: str, guard: bool = True) -> S:
        """:meth:`load` of a stream named by its id, for code that replays stored events
        (a venue node's orphans): the id must be one of ``decider``'s streams."""
        stream_id = decider.checked(stream_id)
        stream = self._streams.get(stream_id)
        if stream is None:
            loaded, version = self._loader(decider, stream_id)
            stream = self._streams[stream_id] = _Stream(decider, version, loaded, guard)
        elif guard:
            stream.guard = True
        state: S = stream.state
        return state

    def peek_many(self, decider: Decider[S], keys: list[Key]) -> dict[Key, S]:
        """The current states of many streams of one aggregate (by key), read at
        once and not guarded (facts from streams this unit does not write; a stream this
        unit already loaded answers with its state here)."""
        stream_ids = [decider.stream_id(key) for key in keys]
        known = {sid: self._streams[sid].state for sid in stream_ids if sid in self._streams}
        rest = [sid for sid in stream_ids if sid not in known]
        if rest and self._many is not None:
            known.update(self._many(decider, rest))
        elif rest:
            known.update({sid: self._loader(decider, sid)[0] for sid in rest})
        return {key: known[sid] for key, sid in zip(keys, stream_ids, strict=True)}

    def version(self, stream_id: str) -> int:
        return self._streams[stream_id].expected_version + len(self._streams[stream_id].events)

    def decide(self, decider: Decider[S], key: Key, command: Any) -> tuple[S, list[Event]]:
        """Decide ``command`` on the aggregate's stream of ``key``; queue its events."""
        state = self.load(decider, key)
        events = decider.decide(command, state)
        return self.record(decider, key, events), events

    def record(self, decider: Decider[S], key: Key, events: list[Event]) -> S:
        """Queue events decided elsewhere (e.g. a process spanning streams)."""
        return self.record_stream(decider, decider.stream_id(key), events)

    def record_stream(self, decider: Decider[S], stream_id: str, events: list[Event]) -> S:
        """:meth:`record` on a stream named by its id (see :meth:`load_stream`)."""
        stream = self._streams.get(stream_id)
        if stream is None:
            self.load_stream(decider, stream_id)
            stream = self._streams[stream_id]
        evolve = self._evolve_wrapper(decider) if self._evolve_wrapper else decider.evolve
        for event in events:
            stream.state = evolve(stream.state, event)
            stream.events.append(event)
        after: S = stream.state
        return after

    def count(self, name: str, member: int) -> None:
        """Add ``member`` to the tally ``name`` when this unit commits (see store.Tally)."""
        self._tallies.append(Tally(name, member))

    def count_refusal(self, name: str, member: int, codes: frozenset[str]) -> None:
        """Add ``member`` to the tally ``name`` if this unit is refused with one of the
        error ``codes`` (a wrong secret): the service commits it on its own, so a failed
        guess is counted although the work records nothing."""
        self._refusal_tallies.append((Tally(name, member), codes))

    def refusal_tallies(self, code: str) -> list[Tally]:
        return [tally for tally, codes in self._refusal_tallies if code in codes]

    def tally(self, name: str) -> int:
        """The tally's members committed so far (consistent: includes every commit that
        finished before this call)."""
        if self._tally is None:
            raise RuntimeError("this unit of work cannot read tallies")
        return self._tally(name)

    def tallies(self) -> list[Tally]:
        return list(self._tallies)

    @staticmethod
    def new_id(prefix: str = "") -> str:
        return f"{prefix}{uuid.uuid4().hex[:12]}"

    def writes(self) -> list[StreamWrite]:
        out = []
        for stream_id, stream in self._streams.items():
            if stream.events or stream.guard:
                out.append(StreamWrite(stream_id, stream.expected_version, tuple(
                    NewEvent.of(e, self.meta) for e in stream.events)))
        return out

    def written(self) -> dict[str, int]:
        """Each stream this unit appends to -> its version once committed."""
        return {stream_id: s.expected_version + len(s.events)
                for stream_id, s in self._streams.items() if s.events}

    def loaded(self) -> list[str]:
        """Every stream this unit loaded (written or only read)."""
        return list(self._streams)

    def has_events(self) -> bool:
        return any(stream.events for stream in self._streams.values())

    def new_states(self) -> list[tuple[str, str, int, Any]]:
        return [(s.decider.name, stream_id, s.expected_version + len(s.events), s.state)
                for stream_id, s in self._streams.items() if s.events]
