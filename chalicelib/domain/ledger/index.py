"""Each member's entries, held in 256 shards of plain dicts that are never changed once
built: folding one event copies only the shards of its players (a few hundred entries
each), so recording stays cheap however many members the ledger holds, and states
share everything else (``evolve`` never mutates its input)."""
from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

SHARDS = 256


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
        shards = list(self._shards)
        copied: set[int] = set()
        size = self._size

        def writable(i: int) -> dict[str, Any]:
            if i not in copied:
                shards[i] = dict(shards[i])
                copied.add(i)
            return shards[i]

        for member in old:
            shard = writable(_shard(member))
            mine = tuple(e for e in shard.get(member, ()) if e["event_id"] != event_id)
            if mine:
                shard[member] = mine
            elif member in shard:
                del shard[member]
                size -= 1
        for member, entry in new.items():
            shard = writable(_shard(member))
            held = shard.get(member)
            if held is None:
                size += 1
            shard[member] = (*(held or ()), entry)
        return MemberIndex(tuple(shards), size)

    def __repr__(self) -> str:           # the purity check compares reprs: keep it cheap
        return f"MemberIndex({self._size} members, {id(self._shards):x})"
