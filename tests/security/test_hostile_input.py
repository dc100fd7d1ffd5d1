"""Hostile input on every route: JSON nested deeper than any body needs, numbers longer than
Python will convert (4,301 digits), in the path, the query and the body. Each is a 4xx in the
common error shape and changes nothing; never a 500."""
from __future__ import annotations

import re

import pytest

from chalicelib.api.route_table import ROUTES
from tests.support.hostile import DEEP, DEEP_OBJECT, HUGE

_PARAM = re.compile(r"\{(\w+)\}")


@pytest.fixture(scope="module")
def shared(chalice_app, tmp_path_factory):
    """One runtime and running tournament shared by the sweep (nothing here changes it)."""
    from chalicelib.runtime import build_runtime, set_runtime
    from tests.conftest import ADMIN_KEY, make_config
    from tests.support.client import ApiClient

    runtime = build_runtime(make_config(tmp_path_factory.mktemp("hostile") / "data"))
    set_runtime(runtime)
    api = ApiClient(chalice_app, ADMIN_KEY)
    yield runtime, api, api.started("vtes", "sealed", players=4)
    set_runtime(None)


@pytest.fixture
def event(shared):
    from chalicelib.runtime import set_runtime
    runtime, api, started = shared
    set_runtime(runtime)      # another module's test may have replaced it meanwhile
    return api, started


def _path(template: str, tid: str, value: str) -> str:
    return "/v1" + _PARAM.sub(lambda m: tid if m.group(1) == "tid" else value, template)


def _shape(result) -> None:
    assert 400 <= result.status < 500, (result.status, result.body)
    assert isinstance(result.body, dict) and {"error", "message"} <= set(result.body), result.body


def _events(api, event) -> int:
    return len(api.event_log(event["tid"], event["organizer"]))


@pytest.mark.parametrize("template,method", [(p, m) for p, methods, _, _ in ROUTES
                                             for m in methods if "{" in p.replace("{tid}", "")])
def test_a_4301_digit_path_parameter_is_a_4xx(event, template, method):
    api, started = event
    before = _events(api, started)
    _shape(api.request(method, _path(template, started["tid"], HUGE), json_body={},
                       token=started["organizer"], check=False))
    assert _events(api, started) == before


@pytest.mark.parametrize("template", [p for p, methods, _, _ in ROUTES if "POST" in methods])
@pytest.mark.parametrize("body", [DEEP, DEEP_OBJECT, b'{"n": ' + HUGE.encode() + b"}"],
                         ids=["deep-array", "deep-object", "huge-number"])
def test_deep_or_huge_json_bodies_are_a_4xx(event, template, body):
    api, started = event
    before = _events(api, started)
    _shape(api.request("POST", _path(template, started["tid"], "1"), raw=body,
                       token=started["organizer"], check=False))
    assert _events(api, started) == before


@pytest.mark.parametrize("template", [p for p, methods, _, _ in ROUTES if "GET" in methods])
def test_huge_query_numbers_are_a_4xx_or_ignored(event, template):
    api, started = event
    result = api.request("GET", _path(template, started["tid"], "1") + f"?limit={HUGE}&round="
                         f"{HUGE}&after={HUGE}", token=started["organizer"], check=False)
    assert result.status < 500, (result.status, result.body)
    if result.status >= 400:
        _shape(result)
