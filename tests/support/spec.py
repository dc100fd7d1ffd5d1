"""Looks up and checks responses against openapi.yaml (JSON Schema 2020-12 in OAS 3.1)."""
from __future__ import annotations

import functools
import json
import os
import pathlib
import re
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = pathlib.Path(__file__).resolve().parents[2]
# tools/record_errors sets it to a directory: every refusal checked here is appended there
# as (operation, status, error) (JSON lines, one file per process) and held only to the
# common error shape, so a run records the codes the spec does not list yet.
RECORD_ERRORS = "PODIUM_RECORD_ERRORS"


# libyaml's loader when PyYAML has it: the spec (60k lines) loads in ~3 s instead of ~19 s
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.lru_cache(maxsize=1)
def spec() -> dict[str, Any]:
    return yaml.load((ROOT / "openapi.yaml").read_text(), Loader=SAFE_LOADER)  # noqa: S506


@functools.lru_cache(maxsize=1)
def _registry() -> Registry:
    return Registry().with_resource("urn:podium-spec", Resource.from_contents(
        spec(), default_specification=DRAFT202012))


@functools.lru_cache(maxsize=1)
def _templates() -> list[tuple[re.Pattern, str]]:
    out = []
    for template in spec()["paths"]:
        pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
        out.append((re.compile(pattern), template))
    # literal segments beat parameters: /tournaments/x/players before /tournaments/{tid}
    out.sort(key=lambda item: item[1].count("{"))
    return out


def template_for(path: str) -> str | None:
    path = path.split("?", 1)[0]
    for pattern, template in _templates():
        if pattern.match(path):
            return template
    return None


def _pointer(*parts: str) -> str:
    return "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


def check_response(method: str, path: str, status: int, body: Any) -> None:
    """Fail unless the spec documents this status for the operation and the body fits."""
    template = template_for(path)
    assert template is not None, f"{method} {path}: no such path in openapi.yaml"
    operation = spec()["paths"][template].get(method.lower())
    assert operation is not None, f"{method} {template}: operation missing from openapi.yaml"
    code = body.get("error") if status >= 400 and isinstance(body, dict) else None
    if code is not None and os.environ.get(RECORD_ERRORS):
        record_error(f"{method.upper()} {template}", status, code)
        return _check_error_shape(method, template, status, body)
    responses = operation["responses"]
    key = str(status) if str(status) in responses else "default" if "default" in responses else None
    assert key is not None, (
        f"{method.upper()} {template}: status {status} is not documented"
        + (f" (error {code!r}; the operation lists "
           f"{', '.join(sorted(k for k in responses if k[0] in '45')) or 'no refusals'}). "
           + HOW_TO_LIST if code is not None else ""))
    response = responses[key]
    if "$ref" in response:
        ref = "/" + response["$ref"].lstrip("#/")
        base = ref
    else:
        base = "/" + _pointer("paths", template, method.lower(), "responses", key)
    node = spec()
    for part in base.strip("/").split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    content = (node.get("content") or {}).get("application/json")
    if content is None or "schema" not in content:
        return
    listed = ((content["schema"].get("properties") or {}).get("error") or {}).get("enum")
    assert code is None or listed is None or code in listed, (
        f"{method.upper()} {template} answered {status} with error {code!r}, which the spec "
        f"does not list for this operation and status (it lists {', '.join(listed)}). "
        + HOW_TO_LIST)
    schema = {"$ref": f"urn:podium-spec#{base}/content/{_pointer('application/json')}/schema"}
    validator = Draft202012Validator(schema, registry=_registry())
    errors = sorted(validator.iter_errors(body), key=lambda e: list(e.path))
    assert not errors, (f"{method} {template} {status}: body does not match the spec: "
                        f"{errors[0].message} at {list(errors[0].path)}")
    if status >= 400:
        assert set(body) == {"error", "message", "details", "request_id"}, body


HOW_TO_LIST = ("If the route really answers it, record it (python -m tools.record_errors, or "
               "add it under the operation in openapi/errors.yaml) and rebuild openapi.yaml "
               "(python -m tools.build_openapi).")


def record_error(operation: str, status: int, code: str) -> None:
    """Note a refusal for tools/record_errors (``"METHOD /template"``, status, error)."""
    with open(os.path.join(os.environ[RECORD_ERRORS], f"errors-{os.getpid()}.jsonl"), "a") as out:
        out.write(json.dumps({"operation": operation, "status": status, "error": code}) + "\n")


def _check_error_shape(method: str, template: str, status: int, body: Any) -> None:
    """While recording: a refusal need only have the common error shape (and never be a
    500, which is a bug, not a refusal)."""
    assert status < 500 or status == 503, f"{method} {template}: {status} {body}"
    validator = Draft202012Validator({"$ref": "urn:podium-spec#/components/schemas/Error"},
                                     registry=_registry())
    errors = list(validator.iter_errors(body))
    assert not errors, f"{method} {template} {status}: not the common error shape: {errors[0]}"
    assert set(body) == {"error", "message", "details", "request_id"}, body
