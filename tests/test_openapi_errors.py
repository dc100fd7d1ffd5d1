"""Each operation of openapi.yaml lists the error codes it answers (tools/openapi_errors.py,
openapi/errors.yaml): every code the source can raise is listed somewhere, errors.yaml names
only operations the spec has, and a reply with an unlisted code fails the test that saw it
(tests/support/spec.py) naming the operation, status and code."""
from __future__ import annotations

import textwrap

import pytest

from tests.support import spec as spec_module
from tests.support.spec import check_response, spec
from tools import openapi_errors as oe

# Codes the source can raise that no operation lists, each with why.
UNLISTED = {
    "internal": "the HTTP edge's last resort (a 500): a bug to fix, never part of the contract",
    "attempt_recorded": "the webhook delivery worker's (an attempt recorded twice); no route",
    "bad_request": "BadRequest's class default: each raise names its own code (invalid_query)",
}
REFUSAL = {"message": "m", "details": None, "request_id": "r"}


def _operations() -> set[str]:
    return {f"{method.upper()} {path}" for path, item in spec()["paths"].items()
            for method, _ in oe._operations(item)}


def test_every_code_the_source_can_raise_is_listed_on_some_operation():
    documented = {code for by_status in oe.documented_codes(spec()).values()
                  for names in by_status.values() for code in names}
    missing = {code: [site.where for site in sites][:3]
               for code, sites in sorted(oe.scan_codes().items())
               if code not in documented and code not in UNLISTED}
    assert not missing, (
        "the source can raise these codes, but no operation of openapi.yaml lists them; "
        "provoke each in a test and run python -m tools.record_errors (or add it under its "
        f"operations in openapi/errors.yaml), then python -m tools.build_openapi: {missing}")


def test_the_allowlist_names_only_codes_the_source_raises_and_no_operation_lists():
    documented = {code for by_status in oe.documented_codes(spec()).values()
                  for names in by_status.values() for code in names}
    assert set(UNLISTED) <= set(oe.scan_codes()) and not set(UNLISTED) & documented


def test_errors_yaml_names_only_operations_of_the_spec():
    listed = oe.load()
    unknown = sorted(set(listed["operations"]) - _operations())
    assert not unknown, (f"openapi/errors.yaml names operations openapi.yaml lacks: {unknown} "
                         "(python -m tools.record_errors --prune drops them)")
    statuses = {status for by_status in listed["operations"].values() for status in by_status}
    assert all(400 <= s < 500 or s == 503 for s in statuses), statuses


def test_errors_yaml_is_sorted_and_stable():
    listed = oe.load()
    assert oe.ERRORS.read_text() == oe.dump(listed["codes"], listed["operations"]), (
        "openapi/errors.yaml is not in the recorder's form: python -m tools.record_errors "
        "--scenarios-only rewrites it")
    used = {c for by_status in listed["operations"].values() for n in by_status.values()
            for c in n}
    assert set(listed["codes"]) <= used


def test_every_operation_lists_its_codes_instead_of_a_default():
    for key, by_status in oe.documented_codes(spec()).items():
        method, path = key.split(" ", 1)
        responses = spec()["paths"][path][method.lower()]["responses"]
        assert "default" not in responses, key
        refusals = {int(s) for s in responses if s[0] in "45"}
        assert refusals == set(by_status), (key, refusals, set(by_status))
    assert set(oe.documented_codes(spec())) == _operations()


def test_every_operation_of_the_spec_is_a_route_the_rules_read():
    assert _operations() <= set(oe.route_facts()), _operations() - set(oe.route_facts())


@pytest.mark.parametrize("operation,status,code,answers", [
    ("POST /v1/tournaments", 400, "missing_body", True),
    ("POST /v1/tournaments", 422, "idempotency_key_reused", True),
    ("POST /v1/tournaments/{tid}/start", 400, "missing_body", False),       # no body
    ("POST /v1/tournaments/{tid}/start", 409, "contention", True),
    ("POST /v1/tournaments/{tid}/finish", 400, "missing_body", False),      # allow_empty
    ("POST /v1/tournaments/{tid}/finish", 400, "invalid_json", True),
    ("POST /v1/sets", 400, "missing_body", False),                          # json_object
    ("POST /v1/admin/projections/rebuild", 400, "invalid_idempotency_key", False),
    ("POST /v1/tournaments/{tid}/decks/players/{pid}/validate", 409, "contention", False),
    ("POST /v1/tournaments/{tid}/players", 403, "player_dropped", False),   # optional token
    ("POST /v1/tournaments/{tid}/players/{pid}/token", 403, "player_dropped", False),
    ("DELETE /v1/tournaments/{tid}/players/{pid}", 400, "invalid_idempotency_key", True),
    ("GET /v1/tournaments/{tid}/sealed", 401, "unauthorized", True),        # optional token
    ("GET /v1/tournaments/{tid}", 401, "unauthorized", True),       # optional: staff view
    ("GET /v1/tournaments", 401, "unauthorized", False),
    ("GET /v1/me", 429, "rate_limited", True),                       # unknown tokens
    ("GET /v1/tournaments", 400, "invalid_query", True),
    ("GET /v1/profiles", 503, "store_unavailable", False),
    ("GET /v1/widget.js", 415, "unsupported_media_type", True),
])
def test_the_rules_follow_each_routes_code(operation, status, code, answers):
    assert (code in oe.common_codes(oe.route_facts()[operation]).get(status, set())) is answers


def test_an_unlisted_code_fails_naming_the_operation_status_and_code(monkeypatch):
    monkeypatch.delenv(spec_module.RECORD_ERRORS, raising=False)
    check_response("POST", "/v1/tournaments/t1/start", 409, {"error": "contention", **REFUSAL})
    with pytest.raises(AssertionError, match=r"POST /v1/tournaments/\{tid\}/start answered 409 "
                                             r"with error 'no_such_code'.*contention"):
        check_response("POST", "/v1/tournaments/t1/start", 409,
                       {"error": "no_such_code", **REFUSAL})
    with pytest.raises(AssertionError, match=r"GET /v1/profiles: status 409 is not documented "
                                             r"\(error 'conflict'"):
        check_response("GET", "/v1/profiles", 409, {"error": "conflict", **REFUSAL})


def test_recording_notes_each_refusal_and_checks_only_its_shape(monkeypatch, tmp_path):
    monkeypatch.setenv(spec_module.RECORD_ERRORS, str(tmp_path))
    check_response("GET", "/v1/profiles", 409, {"error": "new_code", **REFUSAL})
    with pytest.raises(AssertionError):
        check_response("GET", "/v1/profiles", 409, {"error": "new_code"})
    with pytest.raises(AssertionError):
        check_response("GET", "/v1/profiles", 500, {"error": "internal", **REFUSAL})
    lines = [line for f in tmp_path.glob("errors-*.jsonl") for line in f.read_text().splitlines()]
    assert '{"operation": "GET /v1/profiles", "status": 409, "error": "new_code"}' in lines


def test_the_scan_finds_every_kind_of_code_literal_with_its_message(tmp_path):
    (tmp_path / "sample.py").write_text(textwrap.dedent('''
        class Conflict(Exception):
            status = 409
            code = "conflict"

        class Busy(Conflict):
            """Too many writers. Retry."""
            code = "busy"

        def refuse(n):
            raise Conflict(f"round {n} is open", {"round": n}, code="round_open")

        def parse():
            raise ApiError(400, "bad_query", "the query is malformed")

        def reply():
            return error(503, "down", "the store is down")
    '''))
    sites = oe.scan_codes(tmp_path)
    assert {c: (s[0].status, s[0].message) for c, s in sites.items()} == {
        "conflict": (409, None), "busy": (409, "Too many writers"),
        "round_open": (409, "round … is open"), "bad_query": (400, "the query is malformed"),
        "down": (503, "the store is down")}
