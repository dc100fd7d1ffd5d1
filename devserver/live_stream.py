"""One SSE subscriber of the local server (``devserver/live.py`` shares its reads), and
the read itself: the feed use cases the API's catch-up route calls
(``application/feeds.py``), with the subscriber's token, called directly rather than
through the Chalice gateway (whose ``current_request`` is one per app, not per thread)."""
from __future__ import annotations

import json
import threading
import time
from typing import Any

from .live import (
    KEEPALIVE_SECONDS,
    MAX_LIFETIME_SECONDS,
    RETRY_MS,
    STREAM,
    LiveHub,
    Refused,
    catch_up,
    sse_control,
    sse_event,
)

WRITE_TIMEOUT_SECONDS = 2.0
_FEED = STREAM.pattern.replace("/feed/stream$", "/feed$")


class _Headers:
    """What ``auth.optional_principal`` reads of a request."""

    def __init__(self, headers: dict[str, str]):
        self.headers = {k.lower(): v for k, v in headers.items()}


def reader() -> tuple[Any, Any]:
    """(fetch, settle) over this process's runtime: ``fetch(path_with_query, headers)``
    answers as the catch-up route would: (status, body)."""
    import re
    from urllib.parse import parse_qs, urlsplit

    from chalicelib.application import feeds
    from chalicelib.application.reads import Reads
    from chalicelib.auth import optional_principal
    from chalicelib.domain.errors import DomainError
    from chalicelib.runtime import runtime

    feed = re.compile(_FEED)
    horizons: dict[int, feeds.Horizon] = {}

    def fetch(path: str, headers: dict[str, str]) -> tuple[int, Any]:
        rt = runtime()
        horizon = horizons.get(id(rt))
        if horizon is None:
            horizons.clear()
            horizon = horizons[id(rt)] = feeds.Horizon(rt.feed_progress, rt.config.store)
        parts = urlsplit(path)
        tid, pid = feed.match(parts.path).groups()
        query = parse_qs(parts.query)
        after, limit = query.get("after", [None])[0], int(query.get("limit", ["200"])[0])
        reads = Reads(rt.service, rt.views)
        try:
            if pid is None:
                return 200, feeds.public_feed(reads, horizon, tid, after, limit)
            principal = optional_principal(_Headers(headers), rt)
            return 200, feeds.player_feed(reads, horizon, principal, tid, pid, after, limit)
        except DomainError as exc:
            return exc.status, {"error": exc.code, "message": exc.message,
                                "details": exc.details}

    def settle() -> float:
        return feeds.settle_seconds(runtime().config.store)
    return fetch, settle


class Subscriber:
    """One open stream: it reads for itself until it can follow its group, then the hub
    writes each new entry to it; its own thread only sends keep-alives and ends it."""

    def __init__(self, handler: Any, hub: LiveHub, path: str, after: str | None,
                 headers: dict[str, str]):
        self.handler, self.hub, self.path, self.headers = handler, hub, path, headers
        self.after = after
        self.last: str | None = None
        self.lock = threading.Lock()
        self.done = threading.Event()

    def serve(self) -> None:
        try:
            entries, position = self.hub.first_read(self.path, self.headers, self.after)
        except Refused as refused:
            if refused.status == 410:
                self._start()
                return self._write(sse_control("reload", refused.body))
            return send_json(self.handler, refused.status, refused.body)
        self._start()
        if not self._write(f"retry: {RETRY_MS}\n\n".encode()) or not self._send(entries):
            return
        if not entries or entries[-1]["position"] != position:
            if not self._write(sse_control("position", {"position": position}, position)):
                return
        self.last = position
        group = self.hub.join(self.path, self.headers, position)
        try:
            if self._attach(group):
                self._idle()
        finally:
            group.detach(self)
            self.hub.leave(group)

    def _attach(self, group) -> bool:
        while True:
            attached = group.attach(self)
            if attached is True:
                return True
            if attached is not False:
                self.end(*attached)
                return False
            try:                               # behind the group's ring: read alone
                fresh, position = catch_up(self.hub.fetch, self.path, self.headers,
                                           self.last)
            except Refused as refused:
                self.end(refused.status, refused.body)
                return False
            if not self._send(fresh):
                return False
            self.last = max(position, self.last or "")

    def _idle(self) -> None:
        ends = time.monotonic() + MAX_LIFETIME_SECONDS
        while not self.done.wait(min(KEEPALIVE_SECONDS, max(ends - time.monotonic(), 0))):
            if time.monotonic() >= ends or not self._write(b": keep-alive\n\n"):
                return

    # -- called by the hub's thread, under the group's lock -----------------------------
    def send(self, encoded: list[tuple[str, bytes]], whole: bytes) -> None:
        last = self.last
        if last is None or encoded[0][0] > last:
            data = whole
        else:
            data = b"".join(chunk for position, chunk in encoded if position > last)
        if data and self._write(data):
            self.last = max(encoded[-1][0], last or "")

    def end(self, status: int, body: Any) -> None:
        self._write(sse_control("reload" if status == 410 else "error",
                                {"status": status, **body}))
        self.done.set()

    # -----------------------------------------------------------------------------------
    def _start(self) -> None:
        h = self.handler
        h.close_connection = True
        h.send_response(200)
        for name, value in (("Content-Type", "text/event-stream"),
                            ("Cache-Control", "no-cache"), ("Connection", "close"),
                            ("Access-Control-Allow-Origin", "*"),
                            ("X-Accel-Buffering", "no")):
            h.send_header(name, value)
        h.end_headers()
        h.connection.settimeout(WRITE_TIMEOUT_SECONDS)   # a stalled reader is let go

    def _send(self, entries: list[dict[str, Any]]) -> bool:
        return not entries or self._write(b"".join(sse_event(e) for e in entries))

    def _write(self, data: bytes) -> bool:
        with self.lock:
            if self.done.is_set():
                return False
            try:
                self.handler.wfile.write(data)
                self.handler.wfile.flush()
                return True
            except (OSError, ValueError):
                self.done.set()
                return False


def send_json(handler: Any, status: int, body: Any) -> None:
    handler._send_http_response(status, {"Content-Type": "application/json",   # noqa: SLF001
                                         "Access-Control-Allow-Origin": "*"},
                                json.dumps(body))
