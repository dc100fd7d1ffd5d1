"""The packaged template (``tools/template.py``: ``chalice package`` of the app without its
requirements), built once per test run: ``packaged`` its path, ``template`` its JSON."""
from __future__ import annotations

import json
import pathlib

import pytest

from tests.support.once import once
from tools import template as template_tool


def _package(folder: pathlib.Path) -> None:
    template_tool.package(folder / "out")


@pytest.fixture(scope="session")
def packaged(tmp_path_factory) -> pathlib.Path:
    """``chalice package`` once per run, whichever workers ask (tests/support/once.py)."""
    return once(tmp_path_factory, "chalice-package", _package) / "out" / "sam.json"


@pytest.fixture(scope="session")
def template(packaged) -> dict:
    return json.loads(packaged.read_text())

