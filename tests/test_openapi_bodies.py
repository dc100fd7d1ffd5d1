"""Request bodies in openapi.yaml are the pydantic models the routes parse (one source:
``tools/openapi_bodies.py``), path numbers say what ``path_number`` accepts, and every
request example is one the code accepts."""
from __future__ import annotations

import copy
import re

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from chalicelib.api.common import PATH_NUMBER
from tests.support.spec import spec
from tools import openapi_bodies

BODIES = openapi_bodies.routes_with_bodies()
NAMES = openapi_bodies.component_names({b.model for b in BODIES.values()})
PATH_NUMBER_SCHEMA = {"type": "integer", "minimum": 1, "maximum": 9999}


def operation(name: str) -> dict:
    method, path = name.split(" ", 1)
    return spec()["paths"][path][method.lower()]


def without_descriptions(schema):
    if isinstance(schema, dict):
        return {k: without_descriptions(v) for k, v in schema.items() if k != "description"
                or not isinstance(v, str)}
    if isinstance(schema, list):
        return [without_descriptions(v) for v in schema]
    return schema


def resolved(schema: dict) -> dict:
    ref = schema.get("$ref", "")
    return spec()["components"]["schemas"][ref.rsplit("/", 1)[-1]] if ref else schema


def validator(schema: dict) -> Draft202012Validator:
    registry = Registry().with_resource("urn:podium-spec", Resource.from_contents(
        spec(), default_specification=DRAFT202012))
    ref = schema["$ref"].replace("#/", "urn:podium-spec#/")
    return Draft202012Validator({"$ref": ref}, registry=registry)


def test_the_code_parses_a_model_on_every_route_that_takes_a_json_object():
    assert len(BODIES) >= 70
    posts = {f"POST {path}" for path, item in spec()["paths"].items() if "post" in item}
    with_body = {name for name in posts if "requestBody" in operation(name)}
    assert with_body - set(BODIES) == set(openapi_bodies.FREE_FORM)


@pytest.mark.parametrize("name", sorted(BODIES))
def test_each_request_body_is_its_model(name):
    body = BODIES[name]
    documented = operation(name)["requestBody"]
    assert documented["required"] is not body.optional, name
    schema = documented["content"]["application/json"]["schema"]
    assert schema == {"$ref": f"#/components/schemas/{NAMES[body.model]}"}, name
    generated = openapi_bodies.model_schemas(body.model, NAMES[body.model])
    for schema_name, expected in generated.items():
        assert without_descriptions(spec()["components"]["schemas"][schema_name]) == \
            without_descriptions(expected), f"{name}: {schema_name} differs from the model"


@pytest.mark.parametrize("name", sorted(BODIES))
def test_each_request_example_is_accepted_by_the_model_and_fits_the_spec(name):
    media = operation(name)["requestBody"]["content"]["application/json"]
    examples = ([media["example"]] if "example" in media else []) + \
        [e["value"] for e in (media.get("examples") or {}).values()]
    model = BODIES[name].model
    for example in examples:
        model.model_validate(example)
        errors = list(validator(media["schema"]).iter_errors(example))
        assert not errors, f"{name}: {errors[0].message}"


def test_the_models_limits_reach_the_spec():
    """The limits the issue found only in the code: a pick's numbers, a replacement's."""
    pick = resolved(operation("POST /v1/tournaments/{tid}/draft/pods/{n}/picks")
                    ["requestBody"]["content"]["application/json"]["schema"])
    assert {"maximum": 24, "minimum": 1, "type": "integer"} in pick["properties"]["round"]["anyOf"]
    assert pick["properties"]["card"]["pattern"]
    replace = resolved(operation("POST /v1/tournaments/{tid}/draft/pods/{n}/replacements")
                       ["requestBody"]["content"]["application/json"]["schema"])
    assert replace["properties"]["seat"] == {"maximum": 16, "minimum": 1, "type": "integer"}
    assert replace["required"] == ["seat", "round", "reason"]


def test_path_numbers_are_what_path_number_accepts():
    numbered = 0
    for path, item in spec()["paths"].items():
        for method, op in item.items():
            for param in op.get("parameters", []):
                if param.get("in") == "path" and param["name"] in ("n", "k", "pod"):
                    numbered += 1
                    assert param["schema"] == PATH_NUMBER_SCHEMA, f"{method} {path}"
    assert numbered >= 40
    assert all(PATH_NUMBER.fullmatch(str(v)) for v in (1, 9, 10, 9999))
    assert not any(PATH_NUMBER.fullmatch(v) for v in ("0", "10000", "01", "-1", "1.0"))


def fragment_body(schema: dict) -> dict:
    return {"content": {"application/json": {"schema": schema, "example": {}}}}


@pytest.mark.parametrize("written, refused", [
    ({"properties": {"card": {"type": "string"}}}, "only a description"),
    ({"type": "object", "properties": {}}, "only property descriptions"),
    ({"properties": {"colour": {"description": "no such field"}}}, "no property 'colour'"),
])
def test_a_fragment_cannot_say_what_the_model_says(written, refused):
    name = "POST /v1/tournaments/{tid}/draft/pods/{n}/picks"
    body = BODIES[name]
    schema = copy.deepcopy(openapi_bodies.model_schemas(body.model, "PickBody")["PickBody"])
    with pytest.raises(SystemExit, match=re.escape(refused)):
        openapi_bodies.merged_body(name, fragment_body(written), "PickBody", body, schema)


def test_a_fragment_describes_a_property_and_keeps_its_example():
    name = "POST /v1/tournaments/{tid}/draft/pods/{n}/picks"
    body = BODIES[name]
    schema = copy.deepcopy(openapi_bodies.model_schemas(body.model, "PickBody")["PickBody"])
    merged = openapi_bodies.merged_body(
        name, fragment_body({"properties": {"card": {"description": "the card taken"}}}),
        "PickBody", body, schema)
    assert schema["properties"]["card"]["description"] == "the card taken"
    assert merged["content"]["application/json"] == {
        "schema": {"$ref": "#/components/schemas/PickBody"}, "example": {}}
