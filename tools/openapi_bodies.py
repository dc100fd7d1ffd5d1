"""Request bodies in openapi.yaml come from the pydantic models the routes parse (one
source): ``build_openapi`` calls :func:`apply`.

Which model a route parses is read from the code itself: a ``command_route`` declares it
(``view.request_body``); any other view names it in its ``parse_body(request, Model,
allow_empty=...)`` call. The model's JSON Schema becomes ``components/schemas/<Model>``
(nested models beside it) and the operation's ``requestBody`` refers to it, required
unless the route accepts an empty body.

A fragment's ``requestBody`` keeps only what the code cannot say: the operation's
``description``, an ``example``, and a ``description`` per property (merged into the
generated schema). A type, a limit or any other keyword written there is refused, and so
is a property the model does not have, so the spec cannot drift from the code. Routes
whose body no model describes (``FREE_FORM``) keep their fragment's schema.
"""
from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

REF = "#/components/schemas/{model}"
SHARED_BODIES = "chalicelib.api.bodies"
# Routes that read a JSON object no single model describes, with where it is validated.
FREE_FORM = {
    "POST /v1/sets": "a card set definition, validated by the domain's card-set parser",
}
# What a fragment may say about a request body beside what the model generates.
FRAGMENT_BODY_KEYS = {"description", "required", "content"}
FRAGMENT_CONTENT_KEYS = {"example", "examples", "schema"}


@dataclass(frozen=True)
class RequestBody:
    model: type[BaseModel]
    optional: bool          # an empty body is accepted (``allow_empty``)


def routes_with_bodies() -> dict[str, RequestBody]:
    """``"POST /v1/path"`` -> the body model the route parses, for every route."""
    from chalicelib.api.route_table import ROUTES

    found: dict[str, RequestBody] = {}
    for path, methods, module_name, view_name in ROUTES:
        view = getattr(importlib.import_module(module_name), view_name)
        body = declared_body(view)
        if body is not None:
            for method in methods:
                found[f"{method} /v1{path}"] = body
    return found


def declared_body(view: Any) -> RequestBody | None:
    """The body a view parses: a command route's declaration, else its one
    ``parse_body`` call (two calls naming different models are an error)."""
    if hasattr(view, "request_body"):           # common.command_route
        return None if view.request_body is None else RequestBody(*view.request_body)
    tree = ast.parse(textwrap.dedent(inspect.getsource(view)))
    bodies = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "parse_body":
            if len(node.args) < 2 or not isinstance(node.args[1], ast.Name):
                raise SystemExit(f"{view.__module__}.{view.__name__}: parse_body's model "
                                 "must be named directly")
            model = view.__globals__[node.args[1].id]
            optional = any(k.arg == "allow_empty" and getattr(k.value, "value", False)
                           for k in node.keywords)
            bodies.add(RequestBody(model, optional))
    if len(bodies) > 1:
        raise SystemExit(f"{view.__module__}.{view.__name__} parses two bodies: {bodies}")
    return bodies.pop() if bodies else None


def component_names(models: set[type[BaseModel]]) -> dict[type[BaseModel], str]:
    """Each model's schema name: its class name (``EmptyBody`` for the bare ``Body``);
    when models of two capabilities share one, the shared ``api/bodies.py`` model keeps
    it and the other gets its capability's name before it, e.g. ``DraftPickForBody``."""
    by_name: dict[str, list[type[BaseModel]]] = {}
    for model in models:
        by_name.setdefault(model.__name__, []).append(model)
    names = {}
    for name, same in by_name.items():
        for model in same:
            if len(same) == 1 or model.__module__ == SHARED_BODIES:
                names[model] = "EmptyBody" if name == "Body" else name
            else:
                capability = model.__module__.rsplit(".", 1)[-1]
                names[model] = "".join(p.title() for p in capability.split("_")) + name
    if len(set(names.values())) != len(names):
        raise SystemExit(f"request body schema names collide: {sorted(names.values())}")
    return names


def model_schemas(model: type[BaseModel], name: str) -> dict[str, dict[str, Any]]:
    """The model's schema under ``name`` and the nested models it refers to."""
    schema = model.model_json_schema(ref_template=REF, mode="validation")
    nested = schema.pop("$defs", {})
    if model.__doc__ and model.__doc__ != BaseModel.__doc__ and "description" not in schema:
        schema["description"] = inspect.cleandoc(model.__doc__)
    if not model.model_fields:
        schema["description"] = "This request takes no fields: send nothing or `{}`."
    out = {name: without_titles(schema)}
    out.update({n: without_titles(s) for n, s in nested.items()})
    return out


def without_titles(schema: Any) -> Any:
    """pydantic's generated ``title`` keywords (a property named ``title`` stays)."""
    if isinstance(schema, list):
        return [without_titles(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key == "title" and isinstance(value, str):
            continue
        if key in ("properties", "$defs", "patternProperties"):
            out[key] = {k: without_titles(v) for k, v in value.items()}
        else:
            out[key] = without_titles(value)
    return out


def apply(spec: dict[str, Any]) -> None:
    """Every operation whose route parses a model gets that model's schema as its
    ``requestBody`` (see the module's docstring); fragments that say more are refused."""
    bodies = routes_with_bodies()
    names = component_names({b.model for b in bodies.values()})
    schemas = spec["components"]["schemas"]
    for model, name in sorted(names.items(), key=lambda item: item[1]):
        for schema_name, schema in model_schemas(model, name).items():
            if schema_name in schemas and schemas[schema_name] != schema:
                raise SystemExit(f"schema {schema_name} is defined twice")
            schemas[schema_name] = schema
    for operation_name, body in bodies.items():
        method, path = operation_name.split(" ", 1)
        operation = spec["paths"].get(path, {}).get(method.lower())
        if operation is None:
            continue                    # the path check (tests/test_openapi.py) names it
        name = names[body.model]
        operation["requestBody"] = merged_body(operation_name, operation.get("requestBody"),
                                               name, body, schemas[name])
    for operation_name in FREE_FORM:
        method, path = operation_name.split(" ", 1)
        if operation_name in bodies or "schema" not in (
                spec["paths"][path][method.lower()]["requestBody"]["content"]
                ["application/json"]):
            raise SystemExit(f"{operation_name}: FREE_FORM is out of date")


def merged_body(operation_name: str, written: dict[str, Any] | None, name: str,
                body: RequestBody, schema: dict[str, Any]) -> dict[str, Any]:
    written = written or {}
    fail = f"{operation_name}: the request body comes from {body.model.__name__}; "
    if set(written) - FRAGMENT_BODY_KEYS:
        raise SystemExit(fail + f"remove {sorted(set(written) - FRAGMENT_BODY_KEYS)}")
    content = (written.get("content") or {}).get("application/json") or {}
    if set(content) - FRAGMENT_CONTENT_KEYS:
        raise SystemExit(fail + f"remove {sorted(set(content) - FRAGMENT_CONTENT_KEYS)}")
    described = property_descriptions(fail, content.get("schema"), schema)
    if described:
        schema["properties"] = {
            prop: ({**value, "description": described[prop]} if prop in described else value)
            for prop, value in schema["properties"].items()}
    out: dict[str, Any] = {}
    if "description" in written:
        out["description"] = written["description"]
    out["required"] = not body.optional
    media: dict[str, Any] = {"schema": {"$ref": REF.format(model=name)}}
    for key in ("example", "examples"):
        if key in content:
            media[key] = content[key]
    out["content"] = {"application/json": media}
    return out


def property_descriptions(fail: str, written: dict[str, Any] | None,
                          schema: dict[str, Any]) -> dict[str, str]:
    """The descriptions a fragment gives the model's properties (nothing else is
    allowed in a fragment's body schema)."""
    if not written:
        return {}
    if set(written) != {"properties"}:
        raise SystemExit(fail + f"its schema may hold only property descriptions, not "
                         f"{sorted(set(written) - {'properties'})}")
    out = {}
    for prop, value in written["properties"].items():
        if prop not in schema.get("properties", {}):
            raise SystemExit(fail + f"it has no property {prop!r}")
        if set(value) != {"description"}:
            raise SystemExit(fail + f"property {prop!r}: only a description may be written "
                             f"here, not {sorted(set(value) - {'description'})}")
        out[prop] = value["description"]
    return out
