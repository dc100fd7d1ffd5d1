"""Looks up and checks responses against openapi.yaml (JSON Schema 2020-12 in OAS 3.1)."""
from __future__ import annotations

import functools
import pathlib
import re
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = pathlib.Path(__file__).resolve().parents[2]


@functools.lru_cache(maxsize=1)
def spec() -> dict[str, Any]:
    return yaml.safe_load((ROOT / "openapi.yaml").read_text())


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
    responses = operation["responses"]
    key = str(status) if str(status) in responses else "default" if "default" in responses else None
    assert key is not None, f"{method} {template}: status {status} is not documented"
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
    schema = {"$ref": f"urn:podium-spec#{base}/content/{_pointer('application/json')}/schema"}
    validator = Draft202012Validator(schema, registry=_registry())
    errors = sorted(validator.iter_errors(body), key=lambda e: list(e.path))
    assert not errors, (f"{method} {template} {status}: body does not match the spec: "
                        f"{errors[0].message} at {list(errors[0].path)}")
    if status >= 400:
        assert set(body) == {"error", "message", "details", "request_id"}, body
