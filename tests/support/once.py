"""Work done once per test run however many pytest-xdist workers need it (the packaged
template, the compiled TypeScript client): the first worker to ask does it under an
exclusive file lock in the run's shared temporary folder; the others wait for the lock
and find it done. A failed attempt leaves no mark, so the next asker tries again and
fails the same way. (pytest-xdist's ``--dist loadgroup`` would keep such tests on one
worker, but it cannot rename test ids under pytest 9, so it silently groups nothing.)"""
from __future__ import annotations

import fcntl
from collections.abc import Callable
from pathlib import Path

import pytest


def run_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder every worker of this run shares (a worker's base temp is one level down)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if base.name.startswith("popen-gw") else base


def once(tmp_path_factory: pytest.TempPathFactory, name: str,
         work: Callable[[Path], None]) -> Path:
    """``work(folder)`` once per run; the folder it filled."""
    folder = run_root(tmp_path_factory) / f"once-{name}"
    folder.mkdir(exist_ok=True)
    done = folder / ".done"
    with open(folder / ".lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)          # released when the file closes
        if not done.exists():
            work(folder)
            done.touch()
    return folder
