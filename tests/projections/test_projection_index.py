"""The projector loads projection modules by event type through a generated index
(``chalicelib/projections/index.py``): it must be current, hand every (kind of stream,
event type) the same handlers, in the same order, as loading every module does, and a
command touching one capability must not import the others."""
from __future__ import annotations

import os
import subprocess
import sys

from chalicelib.projections import all_projections, catalog, index
from chalicelib.projections.projector import Projector
from tests.support.spec import ROOT

# every kind a projection names, and kinds every projection without a list projects
KINDS = sorted({k for kinds in index.STREAMS.values() for k in kinds or ()}
               | {"tournament", "account", "pod", "decks", "webhooks"})


def test_the_projection_index_is_current():
    result = subprocess.run([sys.executable, "-m", "tools.build_projection_index", "--check"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_lazy_handlers_are_the_eager_ones_in_the_same_order():
    eager = Projector(None, None, all_projections())  # type: ignore[arg-type]
    lazy = Projector(None, None, catalog())  # type: ignore[arg-type]
    names = {name for p in all_projections() for name in p.handlers}
    assert names == set(catalog().event_types())
    for kind in KINDS:
        for name in sorted(names):
            assert lazy.handlers_of(kind, name) == eager.handlers_of(kind, name), (kind, name)


def test_a_stale_index_is_reported(monkeypatch):
    from tools import build_projection_index as tool
    monkeypatch.setattr(tool, "INDEX", tool.INDEX.with_name("missing_index.py"))
    assert tool.main(["--check"]) == 1


def test_the_first_command_loads_no_capability_projection(tmp_path):
    """``POST /v1/accounts`` in a fresh interpreter (the cold-start bench's first command)
    projects its account event without importing the Swiss, V:EKN, draft or feed views."""
    from bench.coldstart import ADMIN, FIRST_COMMAND, SECRET, first_command_event
    code = FIRST_COMMAND + ("print(sorted(m for m in sys.modules "
                            "if m.startswith('chalicelib.projections.')))\n")
    env = {**os.environ, "PODIUM_STORE": "sqlite", "PODIUM_DATA_DIR": str(tmp_path),
           "PODIUM_ADMIN_KEY": ADMIN, "PODIUM_TOKEN_SECRET": SECRET,
           "COLD_EVENT": first_command_event()}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    loaded = set(eval(out.stdout.strip().splitlines()[-1]))  # noqa: S307 - our printout
    assert "chalicelib.projections.tournaments" in loaded
    assert not loaded & {"chalicelib.projections.swiss", "chalicelib.projections.tables",
                         "chalicelib.projections.limited", "chalicelib.projections.feeds",
                         "chalicelib.projections.decks", "chalicelib.projections.clock"}
