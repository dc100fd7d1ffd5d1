"""Every operation of openapi.yaml lists the ``error`` codes it answers, by status.

Two sources, joined by :func:`apply` (called by ``tools/build_openapi``):

- **rules** for the codes a route answers because of how it is built, read off its code
  in ``chalicelib/api`` (:func:`route_facts`: which helpers its view reaches): 415 for
  every route (Chalice checks each request's Content-Type), 401 (and 429 past the
  budget of unknown tokens, ``auth/guessing.py``) where it reads a bearer token, 403
  ``player_dropped`` where a non-GET route needs a token that may act, 400 / 413 / 422
  where it parses a JSON body, 400 / 409 / 422 where it runs a command with an
  ``Idempotency-Key`` (422 ``commit_too_large`` there: an event over the store's item
  limit, ``store/item_size.py``), 400 ``invalid_query`` where it reads query parameters,
  503 where it touches the store (:func:`common_codes`);
- ``openapi/errors.yaml`` for the codes particular to each operation (its use case's
  refusals), recorded from real replies by ``python -m tools.record_errors`` (the test
  suite and the whole-event scenarios), with a short meaning per code taken from the
  message the source raises it with.

Each status becomes one response whose schema is the common ``Error`` with ``error``
restricted to that status's codes (an ``enum``), replacing the operation's ``default``:
a reply with an undocumented status or code no longer validates (tests/support/spec.py).
:func:`scan_codes` finds every code literal of the source (``code="..."``,
``ApiError(status, "code", ...)``, ``error(status, "code", ...)``, class-level
``code = "..."``) for tests/test_openapi_errors.py and the meanings.
"""
from __future__ import annotations

import ast
import functools
import pathlib
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

import yaml

from tools.openapi_bodies import RequestBody, routes_with_bodies

ROOT = pathlib.Path(__file__).resolve().parent.parent
ERRORS = ROOT / "openapi" / "errors.yaml"
API = ROOT / "chalicelib" / "api"
METHODS = ("get", "post", "put", "patch", "delete")
ERROR_SCHEMA = "#/components/schemas/Error"
# helpers blueprints call, after their own module
PLUMBING = ("common", "http", "roster_routes", "event_pages")

# What each status means to a client, before the list of its codes.
TITLES = {
    400: "The request is malformed",
    401: "No bearer token, or an unknown, revoked or replaced one",
    403: "The caller is known but may not do this",
    404: "No such resource",
    409: "Refused in the current state",
    413: "The body is too large",
    415: "The body is not JSON (`Content-Type` must be `application/json`)",
    422: "The request does not validate or breaks a rule",
    429: "Too many requests for now: retry after `Retry-After` seconds",
    503: "Unavailable for now: retry after `Retry-After` seconds",
}

# The codes the rules give, and the generic codes of chalicelib/domain/errors.py, whose
# messages vary by site: their meaning is written here.
MEANINGS = {
    "unsupported_media_type": "the request's `Content-Type` is not JSON",
    "unauthorized": "no bearer token, or an unknown, revoked or replaced one",
    "player_dropped": "the player has dropped: their token reads, it no longer acts",
    "invalid_json": "the body is not a JSON object (malformed, or nested too deep)",
    "missing_body": "a JSON object body is required",
    "body_too_large": "the body is over 256 KiB",
    "invalid_request": "the body does not validate (`details` lists each violation)",
    "invalid_idempotency_key": "`Idempotency-Key` is not 16-128 characters of "
                               "`A-Z a-z 0-9 _ . : -`",
    "idempotency_key_reused": "the `Idempotency-Key` was used with another request",
    "contention": "too many writers at once, retries ran out: retry with the same "
                  "`Idempotency-Key`",
    "tournament_held_by_venue": "a venue node holds the tournament's lease: write to the "
                                "node (`details.holder`, `details.address`); reads are "
                                "served here",
    "invalid_query": "a query parameter is malformed or out of range",
    "store_unavailable": "the store is busy, unreachable or damaged; retry with the same "
                         "Idempotency-Key (a write that landed answers its first reply)",
    "views_unavailable": "the read views are being rebuilt from the events",
    "invalid_position": "`X-Podium-Position` is malformed, or names a position this API "
                        "never wrote",
    "projection_behind": "the read views do not include the position sent in "
                         "`X-Podium-Position` yet: retry after `Retry-After`",
    "view_damaged": "the views this read needs could not be projected (a stream is "
                    "damaged); the operator is told by /v1/health",
    "tournament_not_found": "there is no tournament with this id",
    "not_found": "no such resource (tournament, player, round, pod, ...)",
    "forbidden": "the caller's role may not do this",
    "conflict": "the command does not fit the current state",
    "invalid": "the command breaks a rule",
    "bad_request": "the request names what it asks for wrongly",
    "credential_replaced": "the token was replaced (re-issued or rotated) while the request "
                           "was under way; nothing was changed",
    "credential_revoked": "the token was revoked or expired while the request was under "
                          "way; nothing was changed",
    "rate_limited": "too many requests of this kind (or wrong secrets: registration codes, "
                    "tokens) from this client or for this tournament for now; retry after "
                    "`Retry-After` seconds",
    # raised at many sites with differing messages
    "already_started": "what this would start (tournament, draft, hand-out, ...) has started",
    "not_started": "what this acts on (draft, pod, product, round, ...) has not started yet",
    "not_running": "the tournament is not running (not started yet, or finished)",
    "no_product": "there is no product to use",
    "not_a_player": "not a player of this tournament (or without product in it)",
    "invalid_settings": "the settings are invalid, or do not fit the players",
    "wrong_structure": "the tournament is played in another structure",
}


# -- what each route's code does (chalicelib/api, read with ast) -------------------------
@dataclass(frozen=True)
class RouteFacts:
    """What a route's view reaches, transitively through its module's functions and the
    shared plumbing (``api/common.py``, ``api/http.py``)."""
    authenticates: bool     # reads the bearer token: caller / authenticate / optional_principal
    acts: bool              # needs a token that may act (caller without dropped_ok=True)
    parses_body: bool       # parse_body: a pydantic model of the body
    body_required: bool     # ... without allow_empty
    reads_json: bool        # json_object / load_json
    reads_bytes: bool       # raw_body (body size limit)
    keyed: bool             # idempotency_from: a command run with an Idempotency-Key
    query: bool             # query_param / query_int / cursor_param / page_param
    store: bool             # reads or writes the store (runtime / reads / a token lookup)


@dataclass(frozen=True)
class _Call:
    name: str
    keywords: dict[str, Any]        # keyword -> constant value (or ... when not a constant)
    args: tuple[Any, ...]           # positional constants (or ...)


def _constant(node: ast.AST) -> Any:
    return node.value if isinstance(node, ast.Constant) else ...


def _calls(node: ast.AST) -> list[_Call]:
    """Calls of plain names (helpers, not ``module.function``) anywhere in ``node``."""
    return [_Call(n.func.id, {k.arg: _constant(k.value) for k in n.keywords if k.arg},
                  tuple(_constant(a) for a in n.args))
            for n in ast.walk(node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]


@functools.lru_cache(maxsize=1)
def _api_functions() -> dict[tuple[str, str], list[_Call]]:
    """(module stem, name) -> the calls of each top-level function or assigned call."""
    out: dict[tuple[str, str], list[_Call]] = {}
    for source in sorted(API.glob("*.py")):
        for node in ast.parse(source.read_text()).body:
            if isinstance(node, ast.FunctionDef):
                out[(source.stem, node.name)] = _calls(node)
                returned = node.body[-1]
                if isinstance(returned, ast.Return) and isinstance(returned.value, ast.Tuple):
                    # a helper declaring several routes: element i stands for the i-th view
                    for i, element in enumerate(returned.value.elts):
                        out[(source.stem, f"{node.name}#{i}")] = _calls(element)
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        out[(source.stem, target.id)] = _calls(node.value)
                    elif isinstance(target, ast.Tuple) and isinstance(node.value.func, ast.Name):
                        helper = node.value.func.id
                        for i, element in enumerate(target.elts):
                            if isinstance(element, ast.Name):
                                out[(source.stem, element.id)] = [_Call(f"{helper}#{i}", {}, ())]
    return out


def _reached(module: str, name: str) -> list[_Call]:
    functions, seen, todo, calls = _api_functions(), set(), [(module, name)], []
    while todo:
        key = todo.pop()
        if key in seen or key not in functions:
            continue
        seen.add(key)
        for call in functions[key]:
            calls.append(call)
            for owner in (key[0], module, *PLUMBING):
                if (owner, call.name) in functions:
                    todo.append((owner, call.name))
                    break
    return calls


def _facts(module: str, view: str, method: str, body: RequestBody | None) -> RouteFacts:
    """``body``: the model the route parses (``openapi_bodies``, the one reader of it)."""
    calls = _reached(module, view)
    names = {c.name for c in calls}
    # a command_route's shared view reaches the JSON helpers whether or not it has a body
    declared = any(c.name == "command_route" for c in _api_functions().get((module, view), []))
    parses = body is not None
    required = parses and not body.optional
    reads_json = parses or (not declared and bool(names & {"json_object", "load_json"}))
    authenticating = ("caller", "authenticate", "optional_principal")
    return RouteFacts(
        authenticates=bool(names & set(authenticating)),
        acts=method != "GET" and any(c.name in ("caller", "authenticate")
                                     and c.keywords.get("dropped_ok", False) is False
                                     for c in calls),
        parses_body=parses, body_required=required, reads_json=reads_json,
        reads_bytes="raw_body" in names or parses,
        keyed="idempotency_from" in names,
        query=bool(names & {"query_param", "query_int", "cursor_param", "page_param"}),
        store=bool(names & {"runtime", "reads", *authenticating}))


@functools.lru_cache(maxsize=1)
def route_facts() -> dict[str, RouteFacts]:
    """``"METHOD /v1/path"`` -> its :class:`RouteFacts`, for every route of the route table."""
    from chalicelib.api.route_table import ROUTES

    bodies = routes_with_bodies()
    return {f"{method} /v1{path}": _facts(module.rsplit(".", 1)[-1], view, method,
                                          bodies.get(f"{method} /v1{path}"))
            for path, methods, module, view in ROUTES for method in methods}


def common_codes(facts: RouteFacts | None, operation: str = "") -> dict[int, set[str]]:
    """The codes a route answers because of how it is built (see the module docstring)
    and where it sits (``operation``: ``"GET /v1/..."``; ``api/consistency.py`` answers
    for the edge: a malformed ``X-Podium-Position`` on any route, a read that cannot
    include it, a damaged view, and ``tournament_not_found`` under a tournament)."""
    codes: dict[int, set[str]] = {415: {"unsupported_media_type"}}

    def add(status: int, *names: str) -> None:
        codes.setdefault(status, set()).update(names)
    if operation:
        add(400, "invalid_position")
        if operation.startswith("GET "):
            add(503, "projection_behind", "view_damaged")
        if "{tid}" in operation:
            add(404, "tournament_not_found")
    if facts is None:
        return codes
    if facts.authenticates:
        add(401, "unauthorized")
        add(429, "rate_limited")      # too many unknown tokens from one client
    if facts.acts:
        add(403, "player_dropped")
    if facts.reads_json:
        add(400, "invalid_json")
    if facts.parses_body:
        add(422, "invalid_request")
    if facts.body_required:
        add(400, "missing_body")
    if facts.reads_bytes or facts.keyed:
        add(413, "body_too_large")
    if facts.keyed and facts.authenticates:     # the credential, checked inside the write
        add(401, "credential_replaced", "credential_revoked")
    if facts.keyed and "{tid}" in operation and not operation.startswith("GET "):
        add(409, "tournament_held_by_venue")     # service/venue_lease.py: every write
    if facts.keyed:
        add(400, "invalid_idempotency_key")
        add(422, "idempotency_key_reused")
        add(422, "commit_too_large")    # an event over the store's item limit (any write)
        add(409, "contention")
    if facts.query:
        add(400, "invalid_query")
    if facts.store:
        add(503, "store_unavailable", "views_unavailable")
    return codes


# -- openapi/errors.yaml ----------------------------------------------------------------
def load(path: pathlib.Path = ERRORS) -> dict[str, Any]:
    """``{"codes": {code: meaning}, "operations": {op: {status: [codes]}}}``."""
    data = (yaml.safe_load(path.read_text()) if path.exists() else None) or {}
    operations = {op: {int(status): sorted(names) for status, names in (by_status or {}).items()}
                  for op, by_status in (data.get("operations") or {}).items()}
    return {"codes": dict(data.get("codes") or {}), "operations": operations}


def dump(codes: dict[str, str], operations: dict[str, dict[int, list[str]]]) -> str:
    """errors.yaml's text: sorted and stable, one operation per block."""
    listed = {op: {status: sorted(set(names)) for status, names in sorted(by_status.items())}
              for op, by_status in sorted(operations.items())}
    return (HEADER
            + yaml.safe_dump({"codes": dict(sorted(codes.items()))}, sort_keys=False,
                             allow_unicode=True, width=100, default_flow_style=False)
            + yaml.safe_dump({"operations": listed}, sort_keys=False, allow_unicode=True,
                             width=100, default_flow_style=None))


HEADER = """\
# The error codes particular to each operation, by HTTP status (tools/openapi_errors.py adds
# the codes every route of a kind answers, and tools/build_openapi lists both under each
# operation of openapi.yaml). Recorded from real replies by `python -m tools.record_errors`
# (merged with what is here; `--prune` drops what the run no longer sees); a code the
# tests never provoke may be added by hand. `codes`: what each code means, from the
# message the source raises it with (edit the message, not this, and re-record).
"""


# -- the spec ---------------------------------------------------------------------------
def operation_codes(spec: dict, listed: dict[str, Any] | None = None
                    ) -> dict[str, dict[int, set[str]]]:
    """``"METHOD /path"`` -> status -> codes: the rules' and errors.yaml's, for every
    operation of ``spec``."""
    listed = load() if listed is None else listed
    facts = route_facts()
    out: dict[str, dict[int, set[str]]] = {}
    for path, item in spec["paths"].items():
        for method, _ in _operations(item):
            key = f"{method.upper()} {path}"
            codes = common_codes(facts.get(key), key)
            for status, names in listed["operations"].get(key, {}).items():
                codes.setdefault(status, set()).update(names)
            out[key] = codes
    return out


def _operations(item: dict) -> list[tuple[str, dict]]:
    return [(m, op) for m, op in item.items() if m in METHODS and isinstance(op, dict)]


# The code sets many operations share, as named responses (components/responses).
SHARED = {
    (401, ("unauthorized",)): "Unauthorized",
    (403, ("player_dropped",)): "PlayerDropped",
    (413, ("body_too_large",)): "BodyTooLarge",
    (415, ("unsupported_media_type",)): "UnsupportedMediaType",
    (503, ("store_unavailable", "views_unavailable")): "Unavailable",
}


def apply(spec: dict, listed: dict[str, Any] | None = None) -> None:
    """Each operation's ``default`` error response replaced by one response per status,
    its schema the common Error with ``error`` restricted to that status's codes (a shared
    named response for the sets of :data:`SHARED`)."""
    listed = load() if listed is None else listed
    codes = operation_codes(spec, listed)
    meanings = {**listed["codes"], **MEANINGS}
    shared = spec.setdefault("components", {}).setdefault("responses", {})
    for path, item in spec["paths"].items():
        for method, operation in _operations(item):
            responses = operation.setdefault("responses", {})
            responses.pop("default", None)
            for status, names in codes[f"{method.upper()} {path}"].items():
                given = responses.get(str(status))
                name = SHARED.get((status, tuple(sorted(names))))
                if name is not None and (given is None or "$ref" in given):
                    shared.setdefault(name, _response(status, sorted(names), meanings, None))
                    responses[str(status)] = {"$ref": f"#/components/responses/{name}"}
                else:
                    responses[str(status)] = _response(status, sorted(names), meanings, given)
            operation["responses"] = dict(sorted(responses.items(), key=lambda kv: str(kv[0])))


def _response(status: int, names: list[str], meanings: dict[str, str],
              given: dict | None) -> dict:
    """One status's response: a fragment's own (its description and example kept) or a
    new one, with the code list and the restricted schema."""
    listing = "\n".join(f"- `{name}`" + (f": {meanings[name]}" if meanings.get(name) else "")
                        for name in names)
    own = (given or {}).get("description") if "$ref" not in (given or {}) else None
    lead = own.rstrip() if own else f"{TITLES.get(status, 'Refused')}; nothing was recorded."
    response = {k: v for k, v in (given or {}).items() if "$ref" not in (given or {})}
    content = dict((response.get("content") or {}).get("application/json") or {})
    content["schema"] = {"$ref": ERROR_SCHEMA, "properties": {"error": {"enum": names}}}
    response.update(description=f"{lead}\n\n`error` is one of:\n{listing}\n",
                    content={"application/json": content})
    return response


def documented_codes(spec: dict) -> dict[str, dict[int, list[str]]]:
    """What a built spec lists: ``"METHOD /path"`` -> status -> the ``error`` enum."""
    out: dict[str, dict[int, list[str]]] = {}
    for path, item in spec["paths"].items():
        for method, operation in _operations(item):
            for status, response in (operation.get("responses") or {}).items():
                if "$ref" in response:          # a named response of components/responses
                    response = spec["components"]["responses"][response["$ref"].split("/")[-1]]
                schema = (((response.get("content") or {}).get("application/json") or {})
                          .get("schema") or {})
                names = ((schema.get("properties") or {}).get("error") or {}).get("enum")
                if names:
                    out.setdefault(f"{method.upper()} {path}", {})[int(status)] = names
    return out


# -- the source's error codes -----------------------------------------------------------
@dataclass(frozen=True)
class Site:
    code: str
    status: int | None
    message: str | None
    where: str              # path:line


def _message(node: ast.AST | None) -> str | None:
    """A message literal as text (an f-string's expressions as "…")."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(v.value if isinstance(v, ast.Constant) else "…" for v in node.values)
    else:
        return None
    return re.sub(r"\s+", " ", text).strip() or None


def scan_codes(root: pathlib.Path = ROOT / "chalicelib") -> dict[str, list[Site]]:
    """Every error code literal of the source, with where, its status and message."""
    trees = {path: ast.parse(path.read_text()) for path in sorted(root.rglob("*.py"))}
    statuses: dict[str, int] = {}           # error class -> its status (inherited by name)
    bases: dict[str, list[str]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = [b.id for b in node.bases if isinstance(b, ast.Name)]
                for value in _class_constants(node, "status"):
                    statuses[node.name] = value

    def status_of(name: str, depth: int = 0) -> int | None:
        if name in statuses or depth > 10:
            return statuses.get(name)
        return next((s for b in bases.get(name, []) if (s := status_of(b, depth + 1))), None)

    found: dict[str, list[Site]] = {}
    for path, tree in trees.items():
        where = (path.relative_to(ROOT) if path.is_relative_to(ROOT) else path).as_posix()
        for node in ast.walk(tree):
            site = None
            if isinstance(node, ast.ClassDef):
                for code in _class_constants(node, "code"):
                    doc = ast.get_docstring(node)
                    site = Site(code, status_of(node.name), doc.split(". ")[0] if doc else None,
                                f"{where}:{node.lineno}")
            elif isinstance(node, ast.Call):
                site = _call_site(node, f"{where}:{node.lineno}", status_of)
            if site is not None:
                found.setdefault(site.code, []).append(site)
    return found


def _class_constants(node: ast.ClassDef, name: str) -> list[Any]:
    """``name``'s constant in the class line (``class Conflict(DomainError, status=409)``)
    or assigned in its body."""
    return [k.value.value for k in node.keywords
            if k.arg == name and isinstance(k.value, ast.Constant)] + [
        stmt.value.value for stmt in node.body
        if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant)
        and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets)]


def _call_site(node: ast.Call, where: str, status_of) -> Site | None:
    func = node.func.id if isinstance(node.func, ast.Name) else (
        node.func.attr if isinstance(node.func, ast.Attribute) else None)
    args = node.args
    if func in ("ApiError", "error") and len(args) >= 2 and isinstance(args[0], ast.Constant) \
            and isinstance(args[1], ast.Constant) and isinstance(args[1].value, str):
        return Site(args[1].value, args[0].value, _message(args[2] if len(args) > 2 else None),
                    where)
    code = next((k.value.value for k in node.keywords if k.arg == "code"
                 and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)), None)
    if code is None:
        return None
    return Site(code, status_of(func) if func else None,
                _message(args[0] if args else None), where)


def meanings(sites: dict[str, list[Site]], width: int = 100) -> dict[str, str]:
    """Each code's meaning: the message the source raises it with most often (then the
    one with the fewest interpolated parts, then the shortest)."""
    out = {}
    for code, found in sites.items():
        counts = Counter(s.message for s in found if s.message)
        messages = sorted(counts, key=lambda m: (-counts[m], m.count("…"), len(m), m))
        if messages:
            text = messages[0]
            if len(text) > width:
                text = text[:width].rsplit(" ", 1)[0] + " …"
            out[code] = text
    return out
