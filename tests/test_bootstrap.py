"""The first hour: ./scripts/serve.sh installs only what serving needs (the bundle, the
local server, moto's DynamoDB endpoint), not the test and lint tools of the dev set."""
from __future__ import annotations

import re

from tests.support.spec import ROOT

TOOLS = {"pytest", "pytest-xdist", "hypothesis", "schemathesis", "playwright", "cfn-lint",
         "ruff", "import-linter", "openapi-python-client", "networkx"}


def requirements(name: str) -> dict[str, str]:
    """name -> the requirement line, following ``-r`` includes."""
    found: dict[str, str] = {}
    for line in (ROOT / name).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("-r "):
            found.update(requirements(line[3:].strip()))
        elif line:
            found[re.split(r"[\[<>=!~; ]", line, maxsplit=1)[0].lower()] = line
    return found


def test_serving_installs_no_test_tool():
    serve = requirements("requirements-serve.txt")
    assert not TOOLS & set(serve), sorted(TOOLS & set(serve))
    assert "server" not in serve["moto"], serve["moto"]     # every service's dependencies
    assert {"chalice", "boto3", "moto", "pydantic"} <= set(serve)
    assert "bootstrap.sh serve" in (ROOT / "scripts" / "serve.sh").read_text()


def test_the_dev_set_includes_serving_and_the_tools():
    dev, serve = requirements("requirements-dev.txt"), requirements("requirements-serve.txt")
    assert set(serve) <= set(dev) and TOOLS <= set(dev)
