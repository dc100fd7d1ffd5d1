"""Sending to the WebSocket API's connections (API Gateway's management API,
``PostToConnection``), and the hook the ``post-feed-entries`` reaction calls: the
runtime wires it (``set_fanout``) when the deployment has a WebSocket API
(``PODIUM_WEBSOCKET_ENDPOINT``, ``PODIUM_CONNECTIONS_TABLE``); without one it does
nothing (the embedded store serves the feeds by SSE instead)."""
from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable
from typing import Any

from botocore.exceptions import ClientError

log = logging.getLogger(__name__)
GONE = frozenset({"GoneException", "410"})


class Poster:
    """Posts JSON messages to connections; ``send`` answers False for a connection that
    is gone (the client left: its subscriptions are to be dropped)."""

    def __init__(self, client: Any):
        self.client = client

    @classmethod
    def connect(cls, endpoint: str) -> Poster:
        import boto3
        from botocore.config import Config as BotoConfig
        return cls(boto3.client("apigatewaymanagementapi", endpoint_url=endpoint,
                                config=BotoConfig(connect_timeout=2, read_timeout=5,
                                                  retries={"mode": "standard",
                                                           "total_max_attempts": 3})))

    def send(self, connection_id: str, message: dict[str, Any]) -> bool:
        data = json.dumps(message, separators=(",", ":")).encode()
        try:
            self.client.post_to_connection(ConnectionId=connection_id, Data=data)
        except ClientError as exc:
            error = exc.response.get("Error", {})
            status = str(exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode", ""))
            if error.get("Code") in GONE or status == "410":
                return False
            raise
        return True


_fanout: Callable[[Iterable[str], float | None], None] | None = None


def set_fanout(run: Callable[[Iterable[str], float | None], None] | None) -> None:
    """What the runtime does with the tournaments whose feeds a projection wrote."""
    global _fanout
    _fanout = run


def feeds_written(tids: Iterable[str], newest: float | None) -> None:
    """A projection wrote entries to these tournaments' feeds (``newest``: the latest
    source event's recording time, epoch seconds)."""
    if _fanout is not None:
        _fanout(tids, newest)
