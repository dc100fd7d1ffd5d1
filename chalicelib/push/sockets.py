"""Sending to the WebSocket API's connections (API Gateway's management API,
``PostToConnection``), and the hook the ``post-feed-entries`` reaction calls: the
runtime wires it (``set_fanout``) when the deployment has a WebSocket API
(``PODIUM_WEBSOCKET_ENDPOINT``, ``PODIUM_CONNECTIONS_TABLE``); without one it does
nothing (the embedded store serves the feeds by SSE instead)."""
from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
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

    def close(self, connection_id: str) -> None:
        """Close the connection (API Gateway's ``DeleteConnection``; gone already: done)."""
        try:
            self.client.delete_connection(ConnectionId=connection_id)
        except ClientError as exc:
            error = exc.response.get("Error", {})
            status = str(exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode", ""))
            if error.get("Code") not in GONE and status != "410":
                raise


_fanout: Callable[[Iterable[str], float | None], None] | None = None


def set_fanout(run: Callable[[Iterable[str], float | None], None] | None) -> None:
    """What the runtime does with the tournaments whose feeds a projection wrote."""
    global _fanout
    _fanout = run


_close: Callable[[Iterable[str]], None] | None = None


def set_closer(run: Callable[[Iterable[str]], None] | None) -> None:
    """What the runtime does when credentials of these tournaments' players changed."""
    global _close
    _close = run


def credentials_changed(tids: Iterable[str]) -> None:
    """Players' tokens of these tournaments were replaced, or players removed: end the
    private subscriptions whose token no longer reads (deployed; locally nothing)."""
    if _close is not None:
        _close(tids)


class _Batch:
    def __init__(self) -> None:
        self.tids: set[str] = set()
        self.newest: float | None = None


_batch = threading.local()


def feeds_written(tids: Iterable[str], newest: float | None) -> None:
    """A projection wrote entries to these tournaments' feeds (``newest``: the latest
    source event's recording time, epoch seconds). Inside :func:`one_fanout` they are
    collected and sent once, when the batch ends."""
    if _fanout is None:
        return
    batch = getattr(_batch, "current", None)
    if batch is None:
        _fanout(tids, newest)
        return
    batch.tids.update(tids)
    if newest is not None:
        batch.newest = newest if batch.newest is None else max(batch.newest, newest)


@contextmanager
def one_fanout() -> Iterator[None]:
    """The projector's batch: one fan-out for every stream it projected, at its end (not
    one per stream: each waits for its entries to settle and reads the subscribers)."""
    batch = _batch.current = _Batch()
    try:
        yield
    finally:
        _batch.current = None
    if batch.tids and _fanout is not None:
        _fanout(batch.tids, batch.newest)
