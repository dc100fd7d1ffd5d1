"""Whether a process the tests started (through a server that was killed) has ended."""
from __future__ import annotations

import os
import time


def alive(pid: int) -> bool:
    """Running: a process that exited but is not reaped yet (a zombie, whose reaping is up to
    whatever the machine's init is) has ended."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def gone_within(pid: int, seconds: float) -> bool:
    """Its shutdown flushes a journal: give it time on a loaded machine too."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not alive(pid):
            return True
        time.sleep(0.05)
    return not alive(pid)
