"""Every aggregate has the same file layout (docs/CONVENTIONS.md, Domain): its decide
function in ``decide.py``, its evolve function in ``evolve.py``, its state in ``state.py``
and its commands in ``commands.py``, in its package or, for a package's second aggregate,
in a subpackage of its own; the package's events in the package's ``events.py``."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from chalicelib.domain.decider import FunctionDecider
from tests.domain.test_decider_streams import all_deciders

DECIDERS = all_deciders()


def _home(decider: FunctionDecider) -> Path:
    return Path(sys.modules[decider.decide.__module__].__file__ or "").parent


@pytest.mark.parametrize("name", sorted(DECIDERS))
def test_every_aggregate_keeps_decide_and_evolve_in_their_own_files(name):
    decider = DECIDERS[name]
    assert (decider.decide.__name__, decider.evolve.__name__) == ("decide", "evolve"), name
    assert decider.decide.__module__.endswith(".decide"), decider.decide.__module__
    assert decider.evolve.__module__.endswith(".evolve"), decider.evolve.__module__
    home = _home(decider)
    same = decider.evolve.__module__.rsplit(".", 1)[0], decider.decide.__module__.rsplit(".", 1)[0]
    assert same[0] == same[1], same
    missing = [f for f in ("commands.py", "state.py", "decide.py", "evolve.py")
               if not (home / f).is_file()]
    assert missing == [], f"{name}: {home} lacks {missing}"
    package = home if (home / "aggregate.py").is_file() else home.parent
    assert (package / "aggregate.py").is_file() and (package / "events.py").is_file(), name


def test_no_decider_module_is_left():
    domain = Path(sys.modules["chalicelib.domain"].__file__ or "").parent
    left = sorted(str(p.relative_to(domain)) for p in domain.glob("*/**/decider.py"))
    assert left == [], "split decider.py into commands, state, decide and evolve"
