"""Cross-origin use from a browser (a store website, the widget): the preflight allows the
API's own request headers and the responses expose the headers clients read."""
from __future__ import annotations

import pytest
from chalice.config import Config
from chalice.local import LocalGateway

import app as podium


@pytest.mark.parametrize("path,method", [("/v1/tournaments", "POST"),
                                         ("/v1/tournaments/t123/live", "GET")])
def test_preflight_allows_idempotency_key_and_if_none_match(path, method):
    # The gateway `chalice local` serves with (chalice.test's client cannot render a
    # preflight); in AWS, `chalice package` emits the same headers for API Gateway.
    gateway = LocalGateway(podium.app, Config())
    r = gateway.handle_request("OPTIONS", path, {
        "origin": "https://store.example", "access-control-request-method": method,
        "access-control-request-headers": "authorization,content-type,idempotency-key,"
                                          "if-none-match,x-request-id"}, b"")
    assert r["statusCode"] == 200
    headers = r["headers"]
    allowed = {h.strip().lower() for h in headers["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "idempotency-key", "if-none-match",
            "x-request-id"} <= allowed
    assert headers["Access-Control-Allow-Origin"] == "*"
    assert method in headers["Access-Control-Allow-Methods"]


def test_responses_expose_the_headers_clients_read(api):
    org = api.organizer()
    r = api.post("/v1/tournaments", {"name": "Cross-origin", "game": "mtg",
                                     "format": "booster-draft"}, token=org,
                 headers={"Idempotency-Key": "cors-create-000001"})
    assert r.status == 201
    exposed = {h.strip() for h in r.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"ETag", "Location", "Retry-After", "Idempotent-Replayed", "X-Request-Id"} <= exposed
