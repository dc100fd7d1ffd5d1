"""Positions a command wrote, as a token a client echoes to read its own writes.

A position is (stream id, version): "the views include this stream up to this version".
The token is readable and mergeable: ``stream:version`` entries joined by commas, e.g.
``tournament-3f2a9c1b7d4e:5,swiss-3f2a9c1b7d4e:12``. Every command reply that recorded
events carries it in ``X-Podium-Position``; a read that sends it back is answered only
from views that include every entry (``application/consistency.py``)."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

HEADER = "X-Podium-Position"
MAX_ENTRIES = 64            # a token names at most this many streams (newest kept)
_ENTRY = re.compile(r"([a-z][a-z0-9-]{0,199}):([1-9][0-9]{0,9})")


class InvalidPosition(ValueError):
    """The token does not parse (the API answers 400 ``invalid_position``)."""


def encode(positions: Mapping[str, int] | Iterable[tuple[str, int]]) -> str:
    items = positions.items() if isinstance(positions, Mapping) else positions
    return ",".join(f"{stream}:{version}" for stream, version in items)


def decode(token: str) -> dict[str, int]:
    """Stream -> version (the highest, when a stream is named twice)."""
    found: dict[str, int] = {}
    entries = [part.strip() for part in token.split(",") if part.strip()]
    if len(entries) > 2 * MAX_ENTRIES:
        raise InvalidPosition(f"a position names at most {MAX_ENTRIES} streams")
    for entry in entries:
        match = _ENTRY.fullmatch(entry)
        if match is None:
            raise InvalidPosition(f"{entry[:60]!r} is not stream:version")
        stream, version = match.group(1), int(match.group(2))
        found[stream] = max(version, found.get(stream, 0))
    return found


def merge(newer: Mapping[str, int], older: Mapping[str, int]) -> dict[str, int]:
    """Both tokens' positions (the higher version of a stream named by both), ``newer``'s
    first, cut to MAX_ENTRIES (the oldest entries go: by then they are long projected)."""
    merged = dict(newer)
    for stream, version in older.items():
        merged[stream] = max(version, merged.get(stream, 0))
    return dict(list(merged.items())[:MAX_ENTRIES])
