"""The packaged template, built once per test run (``chalice package`` takes minutes
on a cold cache): ``packaged`` its path, ``template`` its JSON."""
from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from tests.support.once import once

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(sys.executable).parent


def _tool(name: str) -> str | None:
    local = BIN / name
    return str(local) if local.exists() else shutil.which(name)


def _package(folder: pathlib.Path) -> None:
    chalice = _tool("chalice")
    assert chalice, "chalice is a dev requirement"
    env = {**os.environ, "AWS_DEFAULT_REGION": os.environ.get("AWS_DEFAULT_REGION", "us-east-1")}
    run = subprocess.run([chalice, "package", "--stage", "prod", "--merge-template",
                          "infra/resources.json", str(folder / "out")], cwd=ROOT, env=env,
                         check=False, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.fixture(scope="session")
def packaged(tmp_path_factory) -> pathlib.Path:
    """``chalice package`` once per run, whichever workers ask (tests/support/once.py)."""
    return once(tmp_path_factory, "chalice-package", _package) / "out" / "sam.json"


@pytest.fixture(scope="session")
def template(packaged) -> dict:
    return json.loads(packaged.read_text())

