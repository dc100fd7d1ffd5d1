"""Writing a generated file, or checking that the committed one is current (``--check``,
what a test runs)."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def write_or_check(path: Path, text: str, argv: list[str], source: str, command: str) -> int:
    """Write ``text`` to ``path``; with ``--check`` in ``argv`` only compare (exit 1 and
    say how to regenerate when it differs from ``source``)."""
    if "--check" in argv:
        if not path.exists() or path.read_text() != text:
            print(f"{path} differs from {source}: run python -m {command}", file=sys.stderr)
            return 1
        return 0
    path.write_text(text)
    print(f"wrote {path.relative_to(ROOT)} ({len(text.splitlines())} lines)")
    return 0
