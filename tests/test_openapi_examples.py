"""Every 2xx JSON reply in openapi.yaml has an example, and every example fits its own
schema (recorded ones come from tools/record_examples: re-run it when a shape changes)."""
from __future__ import annotations

import pytest

from tests.support.spec import check_response, spec
from tools.build_openapi import without_example


def _examples():
    for path, item in spec()["paths"].items():
        for method, operation in item.items():
            for status, response in (operation.get("responses") or {}).items():
                content = (response.get("content") or {}).get("application/json") or {}
                if str(status).startswith("2") and "example" in content:
                    yield f"{method.upper()} {path} {status}", content["example"]


def test_every_json_success_has_an_example():
    assert not without_example(spec()), sorted(without_example(spec()))


@pytest.mark.parametrize("name,example", list(_examples()),
                         ids=lambda v: v if isinstance(v, str) else "")
def test_each_example_fits_its_schema(name, example):
    method, path, status = name.split(" ")
    check_response(method, path, int(status), example)
