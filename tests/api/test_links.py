"""Links behind API Gateway's stage: the deployed base is ``/api/v1``, so a ``Location``
written as routed (``/v1/...``) must reach the client with the stage in front; locally
(no stage) it stays ``/v1/...``. Replays are published for the request that replays."""
from __future__ import annotations

from chalicelib.api.links import link, public_prefix, publish
from tests.support.gateway import invoke

KEY = "links-replay-key-000001"


def test_location_carries_the_stage_behind_api_gateway(api, chalice_app):
    org = api.organizer()
    body = {"name": "Staged", "game": "vtes", "format": "sealed"}
    r = invoke(chalice_app, "POST", "/v1/tournaments", body,
               {"authorization": f"Bearer {org}", "idempotency-key": KEY})
    assert r.status == 201
    tid = r.body["tournament_id"]
    assert r.headers["Location"] == f"/api/v1/tournaments/{tid}"
    again = invoke(chalice_app, "POST", "/v1/tournaments", body,
                   {"authorization": f"Bearer {org}", "idempotency-key": KEY})
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.headers["Location"] == f"/api/v1/tournaments/{tid}"
    local = api.post("/v1/tournaments", body, token=org)
    assert local.headers["Location"] == f"/v1/tournaments/{local.body['tournament_id']}"


def test_a_stage_of_another_name_is_followed(api, chalice_app):
    org = api.organizer()
    r = invoke(chalice_app, "POST", "/v1/webhooks", {
        "url": "https://hooks.example.com/podium", "topics": ["tournament.finished"]},
        {"authorization": f"Bearer {org}"}, stage="staging")
    assert r.status == 201
    assert r.headers["Location"] == f"/staging/v1/webhooks/{r.body['endpoint_id']}"


class _Request:
    def __init__(self, context, event_path):
        self.context = context
        self._event = {"path": event_path}

    def to_original_event(self):
        return self._event


def test_public_prefix_from_the_request_context():
    assert public_prefix(_Request({"path": "/api/v1/health", "stage": "api"},
                                  "/v1/health")) == "/api"
    assert public_prefix(_Request({"path": "/v1/health"}, None)) == ""       # chalice local
    # a custom domain mapped at its root: nothing precedes the routed path
    assert public_prefix(_Request({"path": "/v1/health", "stage": "api"}, "/v1/health")) == ""
    assert public_prefix(_Request({"path": "/base/v1/health", "stage": "api"},
                                  "/v1/health")) == "/base"
    # anything odd in front is not echoed into headers
    assert public_prefix(_Request({"path": "/a b/v1/health"}, "/v1/health")) == ""


def test_publish_prefixes_routed_links_only():
    headers = {"Location": link("/tournaments/t1"), "ETag": '"/v1/x"',
               "Content-Location": "https://elsewhere.example/v1/x"}
    publish(headers, "/api")
    assert headers == {"Location": "/api/v1/tournaments/t1", "ETag": '"/v1/x"',
                       "Content-Location": "https://elsewhere.example/v1/x"}
