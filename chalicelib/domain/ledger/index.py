"""Each member's entries, held in 1,024 shards of plain dicts that are never changed once
built: folding one event copies only the shards of its players (a few dozen entries
each), so recording stays cheap however many members the ledger holds, and states
share everything else (``evolve`` never mutates its input)."""
from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

SHARDS = 1024


def _shard(member: str) -> int:
    return zlib.crc32(member.encode()) % SHARDS


class MemberIndex:
    __slots__ = ("_shards", "_size")

    def __init__(self, shards: tuple[dict[str, tuple[dict[str, Any], ...]], ...] | None = None,
                 size: int = 0):
        self._shards = shards if shards is not None else tuple({} for _ in range(SHARDS))
        self._size = size

    def get(self, member: str) -> tuple[dict[str, Any], ...]:
        return self._shards[_shard(member)].get(member, ())

    def __contains__(self, member: str) -> bool:
        return member in self._shards[_shard(member)]

    def __len__(self) -> int:
        return self._size

    def items(self) -> Iterator[tuple[str, tuple[dict[str, Any], ...]]]:
        for shard in self._shards:
            yield from shard.items()

    def replaced(self, event_id: str, old: list[str],
                 new: dict[str, dict[str, Any]]) -> MemberIndex:
        """The index with event ``event_id``'s entries of members ``old`` replaced by
        ``new`` (member -> entry)."""
        builder = self.builder()
        builder.replace(event_id, old, new)
        return builder.build()

    def builder(self) -> IndexBuilder:
        """A builder of the next index: for folding many events at once, each shard is
        copied once for all of them (``replaced`` copies it once per event)."""
        return IndexBuilder(self._shards, self._size)

    def __repr__(self) -> str:           # the purity check compares reprs: keep it cheap
        return f"MemberIndex({self._size} members, {id(self._shards):x})"


class IndexBuilder:
    """Changes to a :class:`MemberIndex` made in place on copies of its shards (the
    index it started from is never changed); ``build()`` freezes them."""

    __slots__ = ("_shards", "_copied", "_size")

    def __init__(self, shards: tuple[dict[str, tuple[dict[str, Any], ...]], ...], size: int):
        self._shards = list(shards)
        self._copied: set[int] = set()
        self._size = size

    def _writable(self, i: int) -> dict[str, tuple[dict[str, Any], ...]]:
        if i not in self._copied:
            self._shards[i] = dict(self._shards[i])
            self._copied.add(i)
        return self._shards[i]

    def replace(self, event_id: str, old: list[str], new: dict[str, dict[str, Any]]) -> None:
        """Event ``event_id``'s entries of members ``old`` replaced by ``new``."""
        for member in old:
            shard = self._writable(_shard(member))
            mine = tuple(e for e in shard.get(member, ()) if e["event_id"] != event_id)
            if mine:
                shard[member] = mine
            elif member in shard:
                del shard[member]
                self._size -= 1
        for member, entry in new.items():
            shard = self._writable(_shard(member))
            held = shard.get(member)
            if held is None:
                self._size += 1
            shard[member] = (*(held or ()), entry)

    def build(self) -> MemberIndex:
        built = MemberIndex(tuple(self._shards), self._size)
        self._copied = set()          # later changes copy again: the built index stays
        return built
