"""Running a comparison package (``krcg``, ``pairing-core``) that is never a product
dependency: in this interpreter when it imports here, else in the interpreter named by
``--compare-python`` or ``PODIUM_COMPARE_PYTHON`` (a separate virtual environment),
through a bridge script that reads JSON on stdin and answers JSON on stdout."""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


class Bridge:
    def __init__(self, package: str, module: str, script: str, python: str | None):
        self.package, self.script = package, script
        python = python or os.environ.get("PODIUM_COMPARE_PYTHON")
        if importlib.util.find_spec(module) is not None:
            self.python: str | None = sys.executable
        elif python and _has(python, module):
            self.python = python
        else:
            self.python = None

    @property
    def available(self) -> bool:
        return self.python is not None

    def where(self) -> str:
        if self.python is None:
            return (f"{self.package} not installed (install it here, or in a separate "
                    "environment named by --compare-python / PODIUM_COMPARE_PYTHON)")
        return f"{self.package} in {self.python}"

    def call(self, requests: list[dict]) -> list[dict]:
        assert self.python is not None
        done = subprocess.run([self.python, str(HERE / self.script)], check=True,
                              input=json.dumps(requests), capture_output=True, text=True)
        return json.loads(done.stdout)


def _has(python: str, module: str) -> bool:
    try:
        return subprocess.run([python, "-c", f"import {module}"],
                              capture_output=True).returncode == 0
    except OSError:
        return False
