"""The web desk (desk/) compiles against the current openapi.yaml: its client types are
generated from the spec and `tsc --strict` checks every call the desk makes, so a route,
parameter or field the desk uses and the spec no longer has fails here (rebuild the desk
with scripts/build-desk.sh after fixing it)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.node_packages import ensure

ROOT = Path(__file__).resolve().parents[2]
DESK = ROOT / "desk"


def run(*command: str, cwd: Path = DESK) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300,
                          check=False)


@pytest.fixture(scope="module")
def installed():
    if not (shutil.which("node") and shutil.which("npm")):
        pytest.skip("node and npm are needed for the desk")
    problem = ensure(DESK)
    assert problem is None, problem
    out = run("npm", "run", "--silent", "generate")
    assert out.returncode == 0, out.stdout + out.stderr
    return DESK


def test_the_desk_type_checks_against_the_spec(installed):
    out = run("npm", "run", "--silent", "check")
    assert out.returncode == 0, out.stdout + out.stderr

