"""openapi.yaml never drifts from the code."""
from __future__ import annotations

import subprocess
import sys

import yaml
from openapi_spec_validator import validate

from tests.support.spec import ROOT, SAFE_LOADER, spec


def test_spec_is_valid_openapi_3_1():
    validate(yaml.load((ROOT / "openapi.yaml").read_text(), Loader=SAFE_LOADER))  # noqa: S506 - the safe loader (C)


def test_spec_is_built_from_the_fragments():
    result = subprocess.run([sys.executable, "-m", "tools.build_openapi", "--check"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_every_route_is_documented_and_every_documented_route_exists(chalice_app):
    routes = {(path, method.lower()) for path, methods in chalice_app.routes.items()
              for method in methods}
    documented = {(path, method) for path, item in spec()["paths"].items()
                  for method in item if method in ("get", "post", "put", "patch", "delete")}
    assert routes - documented == set(), "routes missing from openapi.yaml"
    assert documented - routes == set(), "openapi.yaml documents routes the app lacks"


def test_every_operation_has_an_error_response_and_a_json_success():
    for path, item in spec()["paths"].items():
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            codes = set(operation["responses"])
            assert "default" in codes or any(c.startswith("4") for c in codes), (method, path)
            assert any(c.startswith("2") for c in codes), (method, path)
