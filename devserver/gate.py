"""A first-come, first-served limit on how many requests run at once in one process.
Python runs one thread at a time: with dozens of connections each on its thread, a
request that holds the store's write lock keeps losing the interpreter to the others, and
every writer queues behind it. Letting a few requests in, in the order they arrived (a
freed place goes to the longest waiter, never to a newcomer), keeps the lock held briefly
and every request's wait close to the others'."""
from __future__ import annotations

import threading
from collections import deque


class FairGate:
    def __init__(self, places: int):
        if places < 1:
            raise ValueError("a gate needs at least one place")
        self._free = places
        self._lock = threading.Lock()
        self._waiting: deque[threading.Event] = deque()

    def enter(self) -> None:
        with self._lock:
            if self._free and not self._waiting:
                self._free -= 1
                return
            turn = threading.Event()
            self._waiting.append(turn)
        turn.wait()                 # the place was handed over by leave()

    def leave(self) -> None:
        with self._lock:
            if self._waiting:
                self._waiting.popleft().set()
            else:
                self._free += 1

    def __enter__(self) -> FairGate:
        self.enter()
        return self

    def __exit__(self, *exc) -> None:
        self.leave()
