"""The live server and the TypeScript client compiled once per run (``compiled``): the
first worker to ask generates and compiles into clients/typescript under a lock
(tests/support/once.py), so no two workers write there at once."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.e2e.live import live_server  # noqa: F401  (fixture)
from tests.node_packages import ensure
from tests.support.once import once

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "clients" / "typescript"
BIN = CLIENT / "node_modules" / ".bin"


def run(*command: str, cwd: Path = CLIENT, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          check=False)


def _compile(_folder: Path) -> None:
    problem = ensure(CLIENT)
    assert problem is None, problem
    out = run("npm", "run", "--silent", "generate")     # package.json: the one command
    assert out.returncode == 0, out.stdout + out.stderr
    assert "warn" not in (out.stdout + out.stderr).lower(), out.stdout + out.stderr
    out = run(str(BIN / "tsc"), "--strict", "-p", "tsconfig.json")
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.fixture(scope="session")
def compiled(tmp_path_factory):
    if not (shutil.which("node") and shutil.which("npm")):
        pytest.skip("node and npm are needed for the TypeScript client")
    once(tmp_path_factory, "typescript-client", _compile)
    return CLIENT / "dist" / "event.js"
