"""The WebSocket API's handlers (``app.py``: ``on_ws_connect``, ``on_ws_message``,
``on_ws_disconnect``). A client connects, then sends JSON messages:

- ``{"action": "subscribe", "tournament_id": ..., "player_id": ... (a private feed),
  "after": <last position> (optional), "token": ... (a private feed: browsers cannot
  set headers on a WebSocket)}``: the catch-up after ``after`` comes as ``entries``
  messages, then ``{"type": "subscribed", "position": ...}``, then every new entry;
- ``{"action": "unsubscribe"}``: no more entries on this connection.

A refusal (bad message, bad token, a feed the token may not read, too far behind) is
one ``{"type": "error", "error": code, "message", "details"}`` message; nothing is
subscribed. Messages and their shapes: ``openapi.yaml``, ``x-websocket``."""
from __future__ import annotations

import json
import logging
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..application import feed_sockets
from ..auth import optional_principal
from ..domain.errors import DomainError
from ..projections.queries.feed_entries import POSITION_PATTERN
from ..store.ports import StoreUnavailable, ViewsDamaged

log = logging.getLogger(__name__)


class SocketMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: Literal["subscribe", "unsubscribe"]
    tournament_id: str | None = Field(None, pattern=r"^t[0-9a-f]{12}$")
    player_id: str | None = Field(None, pattern=r"^p[0-9a-f]{10}$")
    after: str | None = Field(None, pattern=POSITION_PATTERN)
    token: str | None = Field(None, min_length=1, max_length=200)


class _Request:
    """What ``auth.optional_principal`` reads of a request."""

    def __init__(self, token: str | None, source_ip: str | None):
        self.headers = {"authorization": f"Bearer {token}"} if token else {}
        self.context = {"identity": {"sourceIp": source_ip}}


def _endpoint(event: dict[str, Any]) -> str:
    context = event["requestContext"]
    return f"https://{context['domainName']}/{context['stage']}"


def connect(event: dict[str, Any], rt: Any) -> dict[str, Any]:
    """Every connection is accepted: what it may read is decided at each subscribe."""
    return {"statusCode": 200}


def disconnect(event: dict[str, Any], rt: Any) -> dict[str, Any]:
    sockets = rt.feed_sockets(_endpoint(event))
    feed_sockets.unsubscribe(sockets, event["requestContext"]["connectionId"])
    return {"statusCode": 200}


def message(event: dict[str, Any], rt: Any) -> dict[str, Any]:
    context = event["requestContext"]
    connection = context["connectionId"]
    sockets = rt.feed_sockets(_endpoint(event))
    try:
        body = SocketMessage.model_validate(json.loads(event.get("body") or ""))
    except (ValueError, ValidationError) as exc:
        details = exc.errors(include_url=False, include_input=False) \
            if isinstance(exc, ValidationError) else None
        sockets.poster.send(connection, {"type": "error", "error": "invalid_message",
                                         "message": "the message does not validate",
                                         "details": json.loads(json.dumps(details,
                                                                          default=str))})
        return {"statusCode": 200}
    if body.action == "unsubscribe":
        feed_sockets.unsubscribe(sockets, connection)
        sockets.poster.send(connection, {"type": "unsubscribed"})
        return {"statusCode": 200}
    if body.tournament_id is None:
        sockets.poster.send(connection, {"type": "error", "error": "invalid_message",
                                         "message": "name the tournament_id to follow",
                                         "details": {"loc": "tournament_id"}})
        return {"statusCode": 200}
    try:
        principal = optional_principal(
            _Request(body.token, context.get("identity", {}).get("sourceIp")), rt)
        done = feed_sockets.subscribe(sockets, principal, connection, body.tournament_id,
                                      body.player_id, body.after)
    except DomainError as exc:
        sockets.poster.send(connection, feed_sockets.error_message(exc))
        return {"statusCode": 200}
    except (StoreUnavailable, ViewsDamaged) as exc:
        log.warning("subscribe refused for now: %s", exc)
        sockets.poster.send(connection, {"type": "error", "error": "store_unavailable",
                                         "message": "the store cannot answer now: subscribe "
                                         "again shortly", "details": None})
        return {"statusCode": 200}
    sockets.poster.send(connection, {"type": "subscribed", **done})
    return {"statusCode": 200}
