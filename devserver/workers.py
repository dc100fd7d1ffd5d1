"""More than one process serving the embedded store: a Python process runs one thread at
a time, so a server on N cores forks N workers that accept from the same listening
socket. The SQLite files are shared (WAL; a writer of another process waits with
SQLite's busy timeout), each worker keeps its own cache of folded states (every command
catches up on its streams and appends with optimistic concurrency, so a stale cache is
never trusted), and only the first process runs the schedules and the webhook worker."""
from __future__ import annotations

import os
import signal


def fork(count: int) -> list[int] | None:
    """Start ``count`` worker processes; their pids here, None in a worker."""
    children = []
    for _ in range(max(0, count)):
        pid = os.fork()
        if pid == 0:
            os.environ["PODIUM_WEBHOOK_INLINE"] = "0"     # the first process delivers
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            return None
        children.append(pid)
    return children


def stop(children: list[int]) -> None:
    for pid in children:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            continue
    for pid in children:
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            continue
