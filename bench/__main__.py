"""``python -m bench <name> [args...]`` runs ``bench.<name>.main(args)``."""
from __future__ import annotations

import importlib
import inspect
import sys


def run(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m bench <name> [args...]", file=sys.stderr)
        return 2
    module = importlib.import_module(f"bench.{argv[0]}")
    main = module.main
    result = main(argv[1:]) if inspect.signature(main).parameters else main()
    return int(result or 0)


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
