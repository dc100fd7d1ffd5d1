"""Folded aggregate states kept between requests (states are immutable), so a command on a
long stream reads only the events appended since, not the whole stream."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any


class StateCache:
    def __init__(self, capacity: int = 4096):
        self.capacity = capacity
        self._items: OrderedDict[tuple[str, str], tuple[int, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, decider: str, stream_id: str) -> tuple[int, Any] | None:
        with self._lock:
            item = self._items.get((decider, stream_id))
            if item is not None:
                self._items.move_to_end((decider, stream_id))
            return item

    def put(self, decider: str, stream_id: str, version: int, state: Any) -> None:
        with self._lock:
            current = self._items.get((decider, stream_id))
            if current is not None and current[0] > version:
                return
            self._items[(decider, stream_id)] = (version, state)
            self._items.move_to_end((decider, stream_id))
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
