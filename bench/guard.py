"""What makes a bench run count: the runner (``python -m bench <name>``) wraps every bench
in a :class:`Guard`, and a run whose figures cannot be trusted exits non-zero with its
figures withheld as results.

A run is invalid when
- anything under ``chalicelib`` or ``podium`` logs an ERROR (a projection that failed
  and carried on, a round that could not close...): its figures measure a broken path;
- one of its own targets fails (:func:`target`), or the bench returns non-zero;
- its inputs are not what real events produce (:func:`require`: e.g. a stream id the
  projector cannot parse).

Every run's first line names the commit it measured (``bench/README.md`` quotes it)."""
from __future__ import annotations

import io
import logging
import subprocess
import sys

WATCHED = ("chalicelib", "podium")


class InvalidInput(RuntimeError):
    """A bench's input is not what real events produce."""


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.errors: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.errors.append(record)


_current: Guard | None = None


class Guard:
    """Records ERROR log lines and target verdicts for the bench run inside it."""

    def __init__(self) -> None:
        self.handler = _Records()
        self.targets: list[tuple[str, bool]] = []

    def __enter__(self) -> Guard:
        global _current
        for name in WATCHED:
            logging.getLogger(name).addHandler(self.handler)
        _current = self
        return self

    def __exit__(self, *exc) -> None:
        global _current
        for name in WATCHED:
            logging.getLogger(name).removeHandler(self.handler)
        _current = None

    def problems(self, returned: int) -> list[str]:
        found = []
        errors = self.handler.errors
        if errors:
            first = errors[0]
            found.append(f"{len(errors)} ERROR log records from {first.name} and others; "
                         f"first: {first.getMessage()}")
        found += [f"target failed: {name}" for name, passed in self.targets if not passed]
        if returned and not found:
            found.append(f"the bench exited {returned}")
        return found


def target(name: str, passed: bool) -> bool:
    """Print ``target <name>: PASS|FAIL`` and record it; the run fails with any FAIL."""
    print(f"target {name}: {'PASS' if passed else 'FAIL'}")
    if _current is not None:
        _current.targets.append((name, passed))
    return passed


def require(condition: bool, message: str) -> None:
    """Stop the run: its inputs are not what real events produce."""
    if not condition:
        raise InvalidInput(message)


def commit() -> str:
    """The commit measured, ``+dirty`` when the tree has uncommitted changes."""
    try:
        sha = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return sha + ("+dirty" if dirty else "")


class _Held(io.StringIO):
    """What the bench prints, held for the verdict; shown live on stderr as pending."""

    def __init__(self, live) -> None:
        super().__init__()
        self.live, self.partial = live, ""

    def write(self, text: str) -> int:
        self.partial += text
        *lines, self.partial = self.partial.split("\n")
        for line in lines:
            self.live.write(f"(pending) {line}\n")
        self.live.flush()
        return super().write(text)


def judged(name: str, run) -> int:
    """Run ``run()`` (the bench's main) inside a guard, holding what it prints: the
    figures go to stdout only when the run is valid; else stdout gets ``INVALID RUN``,
    why, and the withheld lines marked as no result, and the exit is 1."""
    real = sys.stdout
    held = _Held(sys.stderr)
    sys.stdout = held
    returned, crashed = 1, None
    try:
        with Guard() as guard:
            print(f"bench {name} at commit {commit()}")
            try:
                returned = int(run() or 0)
            except InvalidInput as error:
                crashed = f"inputs not what real events produce: {error}"
    finally:
        sys.stdout = real
    problems = [crashed] if crashed else guard.problems(returned)
    if not problems:
        real.write(held.getvalue())
        return 0
    real.write(f"INVALID RUN of bench {name}: no figure below is a result\n")
    for problem in problems:
        real.write(f"  {problem}\n")
    real.write("withheld output:\n")
    for line in held.getvalue().splitlines():
        real.write(f"  (no result) {line}\n")
    return 1
