"""The local server answers the gateway's own refusals (an unknown route, a path outside the
stage) in the common error shape, as the deployed template's GatewayResponses do."""
from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from tests.e2e.live import live_server  # noqa: F401  (fixture)


def _fetch(url: str, method: str = "GET", token: str | None = None):
    request = urllib.request.Request(url, method=method, headers={
        "Authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


@pytest.mark.parametrize("path,method,token", [
    ("/v1/nope", "GET", None), ("/nope", "POST", None), ("/v1/nope", "GET", "pdm_x"),
    ("/v1/tournaments/t1/nothing/here", "DELETE", None)])
def test_an_unknown_route_is_a_404_in_the_common_shape(live_server, path, method, token):  # noqa: F811
    status, body = _fetch(live_server.url + path, method, token)
    assert status == 404, body
    assert body["error"] == "not_found" and body["message"] == "no such route"
    assert set(body) == {"error", "message", "details", "request_id"}


def test_a_known_path_with_another_method_is_refused_in_the_common_shape(live_server):  # noqa: F811
    status, body = _fetch(live_server.url + "/v1/health", "DELETE")
    assert status in (404, 405) and {"error", "message", "details"} <= set(body), body
