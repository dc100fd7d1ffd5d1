"""A small persistent map: ``set`` returns a new map sharing all but one bucket, so
folding thousands of result events into a state costs about constant time each."""
from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

_BUCKETS = 256


class PMap:
    __slots__ = ("_buckets", "_size")

    def __init__(self, buckets: tuple[dict[str, Any], ...] | None = None, size: int = 0):
        self._buckets = buckets if buckets is not None else tuple({} for _ in range(_BUCKETS))
        self._size = size

    @staticmethod
    def _slot(key: str) -> int:
        return zlib.crc32(key.encode("utf-8")) % _BUCKETS

    def get(self, key: str, default: Any = None) -> Any:
        return self._buckets[self._slot(key)].get(key, default)

    def __contains__(self, key: str) -> bool:
        return key in self._buckets[self._slot(key)]

    def __len__(self) -> int:
        return self._size

    def set(self, key: str, value: Any) -> PMap:
        slot = self._slot(key)
        bucket = dict(self._buckets[slot])
        grew = key not in bucket
        bucket[key] = value
        buckets = self._buckets[:slot] + (bucket,) + self._buckets[slot + 1:]
        return PMap(buckets, self._size + grew)

    def remove(self, key: str) -> PMap:
        slot = self._slot(key)
        if key not in self._buckets[slot]:
            return self
        bucket = dict(self._buckets[slot])
        del bucket[key]
        buckets = self._buckets[:slot] + (bucket,) + self._buckets[slot + 1:]
        return PMap(buckets, self._size - 1)

    def items(self) -> Iterator[tuple[str, Any]]:
        for bucket in self._buckets:
            yield from bucket.items()

    def __repr__(self) -> str:
        return f"PMap({dict(self.items())!r})"
