"""The packaged template, built once per test session (``chalice package`` takes minutes
on a cold cache): ``packaged`` its path, ``template`` its JSON."""
from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(sys.executable).parent


def _tool(name: str) -> str | None:
    local = BIN / name
    return str(local) if local.exists() else shutil.which(name)


@pytest.fixture(scope="session")
def packaged(tmp_path_factory) -> pathlib.Path:
    chalice = _tool("chalice")
    assert chalice, "chalice is a dev requirement"
    out = tmp_path_factory.mktemp("package") / "out"
    env = {**os.environ, "AWS_DEFAULT_REGION": os.environ.get("AWS_DEFAULT_REGION", "us-east-1")}
    run = subprocess.run([chalice, "package", "--stage", "prod", "--merge-template",
                          "infra/resources.json", str(out)], cwd=ROOT, env=env, check=False,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    return out / "sam.json"


@pytest.fixture(scope="session")
def template(packaged) -> dict:
    return json.loads(packaged.read_text())

