"""Every key of every schema in openapi.yaml is a JSON Schema (2020-12) or OpenAPI 3.1
keyword. An unquoted comma in a YAML flow-mapping description (`{description: a, b}`) makes
`b` a key with a null value; generators and validators then ignore or trip on it."""
from __future__ import annotations

from pathlib import Path

import yaml

from tests.support.spec import SAFE_LOADER

ROOT = Path(__file__).resolve().parents[1]
KEYWORDS = frozenset("""
$ref $schema $id $defs $comment $anchor $dynamicRef $dynamicAnchor type enum const multipleOf
maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern maxItems minItems
uniqueItems maxContains minContains maxProperties minProperties required dependentRequired
properties patternProperties additionalProperties unevaluatedProperties unevaluatedItems items
prefixItems contains propertyNames dependentSchemas allOf anyOf oneOf not if then else format
contentEncoding contentMediaType contentSchema title description default deprecated readOnly
writeOnly examples example discriminator xml externalDocs""".split())
_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")
_ONE = ("items", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "not",
        "if", "then", "else", "contains", "propertyNames", "contentSchema")
_MANY = ("allOf", "anyOf", "oneOf", "prefixItems")


def junk_keys(schema, where: str) -> list[str]:
    if not isinstance(schema, dict):
        return []
    found = [f"{where}: {key!r}" for key in schema
             if key not in KEYWORDS and not key.startswith("x-")]
    for kind in _MAPS:
        for name, sub in (schema.get(kind) or {}).items():
            found += junk_keys(sub, f"{where}/{kind}/{name}")
    for kind in _ONE:
        found += junk_keys(schema.get(kind), f"{where}/{kind}")
    for kind in _MANY:
        for i, sub in enumerate(schema.get(kind) or []):
            found += junk_keys(sub, f"{where}/{kind}/{i}")
    return found


def schemas_in(node, where: str = "#"):
    """(where, schema) of every `schema` object under paths, parameters and responses."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "schema" and isinstance(value, dict):
                yield f"{where}/schema", value
            else:
                yield from schemas_in(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from schemas_in(value, f"{where}/{i}")


def test_every_schema_key_is_a_keyword():
    spec = yaml.load((ROOT / "openapi.yaml").read_text(), Loader=SAFE_LOADER)  # noqa: S506 - the safe loader (C)
    found = []
    for name, schema in spec["components"]["schemas"].items():
        found += junk_keys(schema, f"#/components/schemas/{name}")
    rest = {k: v for k, v in spec["components"].items() if k != "schemas"}
    for where, schema in schemas_in({"paths": spec["paths"], **rest}):
        found += junk_keys(schema, where)
    assert not found, "\n".join(found)


def test_a_comma_in_a_flow_description_is_caught():
    schema = yaml.safe_load("properties:\n  seat: {type: integer, description: 1-based, clockwise}")
    assert junk_keys(schema, "#") == ["#/properties/seat: 'clockwise'"]
