"""``python -m bench <name> [args...]`` runs ``bench.<name>.main(args)`` inside
``bench.guard.judged``: a run that logs an error, misses a target or meets inputs real
events would not produce exits 1 and prints no figure as a result."""
from __future__ import annotations

import importlib
import inspect
import sys

from bench.guard import judged


def run(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m bench <name> [args...]", file=sys.stderr)
        return 2
    module = importlib.import_module(f"bench.{argv[0]}")
    main = module.main

    def bench() -> int:
        return main(argv[1:]) if inspect.signature(main).parameters else main()
    return judged(argv[0], bench)


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
