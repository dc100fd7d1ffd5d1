"""The deployed WebSocket feeds on moto: the tables (the connections table from
``infra/resources.json`` too), a runtime projecting from the stream when a test polls it,
and a loopback stand-in for API Gateway's management API. moto's own
``apigatewaymanagementapi`` keeps what is posted but never answers 410 Gone (it creates
any connection it is asked about), so the loopback records each message per connection
and answers ``GoneException`` for the connections a test closes."""
from __future__ import annotations

import json
from collections import defaultdict
from types import SimpleNamespace
from typing import Any

from botocore.exceptions import ClientError

from chalicelib.config import Config
from chalicelib.runtime import build_runtime
from chalicelib.store.dynamo_tables import create_tables
from tests.support.spec import SAFE_LOADER

TABLES = dict(events_table="ev", idempotency_table="idem", views_table="views")
CONNECTIONS = "conns"
DOMAIN = "abc123.execute-api.us-east-1.amazonaws.com"
ENDPOINT = f"https://{DOMAIN}/api"


class LoopbackGateway:
    """``PostToConnection`` for tests: messages by connection; closed ones are gone."""

    def __init__(self):
        self.sent: dict[str, list[dict[str, Any]]] = defaultdict(list)
        self.gone: set[str] = set()
        self.closed: list[str] = []
        self.posts = 0

    def post_to_connection(self, ConnectionId: str, Data: bytes) -> dict:  # noqa: N803
        self.posts += 1
        if ConnectionId in self.gone:
            raise ClientError({"Error": {"Code": "GoneException", "Message": "gone"},
                               "ResponseMetadata": {"HTTPStatusCode": 410}},
                              "PostToConnection")
        self.sent[ConnectionId].append(check(json.loads(Data)))
        return {}

    def delete_connection(self, ConnectionId: str) -> dict:  # noqa: N803
        self.closed.append(ConnectionId)
        self.gone.add(ConnectionId)
        return {}

    def entries(self, connection: str) -> list[dict[str, Any]]:
        return [e for m in self.sent[connection] if m["type"] == "entries"
                for e in m["entries"]]


def create_all(client) -> None:
    """Every table of the template (the connections table named by
    ``PODIUM_CONNECTIONS_TABLE``, which the test sets)."""
    create_tables(client, TABLES["events_table"], TABLES["idempotency_table"],
                  TABLES["views_table"])


def runtime() -> Any:
    from tests.conftest import ADMIN_KEY
    return build_runtime(Config(store="dynamodb", admin_key=ADMIN_KEY, token_secret="s" * 64,
                                projection="stream", **TABLES))


def ws_event(connection: str, body: Any = None, route: str = "$default") -> dict[str, Any]:
    event: dict[str, Any] = {"requestContext": {
        "routeKey": route, "connectionId": connection, "domainName": DOMAIN, "stage": "api",
        "apiId": "abc123", "eventType": "MESSAGE", "identity": {"sourceIp": "198.51.100.7"}}}
    if body is not None:
        event["body"] = body if isinstance(body, str) else json.dumps(body)
    return event


def handlers() -> SimpleNamespace:
    import app
    return SimpleNamespace(connect=lambda c: app.ws_connect(ws_event(c, route="$connect"), None),
                           message=lambda c, b: app.ws_message(ws_event(c, b), None),
                           disconnect=lambda c: app.ws_disconnect(
                               ws_event(c, route="$disconnect"), None))


def check(message: dict[str, Any]) -> dict[str, Any]:
    """The message is what ``openapi.yaml`` (``x-websocket``) says it is."""
    import pathlib

    import jsonschema
    import yaml
    global _SPEC
    if _SPEC is None:
        root = pathlib.Path(__file__).resolve().parents[2]
        _SPEC = yaml.load((root / "openapi.yaml").read_text(), Loader=SAFE_LOADER)  # noqa: S506 - the safe loader (C)
    name = {"entries": "SocketEntries", "subscribed": "SocketSubscribed",
            "unsubscribed": "SocketUnsubscribed", "error": "SocketError"}[message["type"]]
    jsonschema.Draft202012Validator({"$ref": f"#/components/schemas/{name}",
                                     "components": _SPEC["components"]}).validate(message)
    return message


_SPEC: dict[str, Any] | None = None


def event(w, players=2):
    org = w.api.organizer()
    tid = w.api.post("/v1/tournaments", {"name": "Cup", "game": "vtes", "format": "sealed"},
                     token=org).body["tournament_id"]
    roster = [w.api.register(tid, f"P{i}") for i in range(players)]
    w.poller.poll()
    return org, tid, roster


def announce(w, tid, org, text):
    r = w.api.post(f"/v1/tournaments/{tid}/announcements", {"text": text}, token=org)
    assert r.status == 201, r.body
