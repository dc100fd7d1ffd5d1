"""How much JSON a page of events may hold. A Lambda reply is at most 6 MB: a page of a
feed, a staff log, the tournament's event log or its audit log stops before its events
pass ``PAGE_BYTES`` (with what else the reply holds), yet always holds at least one event,
and one event's JSON is at most 4 MB (``store/item_size.MAX_EVENT_JSON_BYTES``)."""
from __future__ import annotations

import json
from typing import Any

PAGE_BYTES = 2_000_000


def json_size(doc: Any) -> int:
    """The bytes of ``doc`` as compact JSON (about what a reply spends on it)."""
    return len(json.dumps(doc, separators=(",", ":"), default=str))


def fitting(entries: list[Any], spent: int = 0, budget: int | None = None) -> int:
    """How many of ``entries`` (in order) a page holds beside ``spent`` bytes of the rest
    of its reply: all that stay within ``budget`` (``PAGE_BYTES`` when None), and at
    least one."""
    limit = PAGE_BYTES if budget is None else budget
    size = spent
    for k, entry in enumerate(entries):
        size += json_size(entry)
        if k and size > limit:
            return k
    return len(entries)
