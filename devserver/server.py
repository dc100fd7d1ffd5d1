"""``chalice local`` run in this process (as the ``chalice local`` command builds it) with
one addition outside the API: ``GET /_devserver/projection[?wait=SECONDS]`` reports the
stream poller (position, dead letters, whether it has caught up) and with ``wait`` first
blocks until every record written before the call has been handed to the projector."""
from __future__ import annotations

import importlib
import json
import os
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from chalice.cli import create_local_server
from chalice.cli.factory import CLIFactory
from chalice.local import (
    ChaliceRequestHandler,
    ForbiddenError,
    LocalDevServer,
    LocalGateway,
    LocalGatewayException,
    ThreadedHTTPServer,
)

from . import compression, headers
from .gate import FairGate
from .live import LiveHub, Refused, requested
from .live_stream import Subscriber, reader, send_json
from .poller import StreamPoller
from .routing import IndexedRouteMatcher

ROOT = Path(__file__).resolve().parents[1]
HOOK = "/_devserver/"
MAX_WAIT_SECONDS = 60.0
# socketserver listens with a backlog of 5: dozens of clients connecting at once would be
# refused and retry after a second (the SYN timeout); what a load balancer would absorb
LISTEN_BACKLOG = 128


class DevRequestHandler(ChaliceRequestHandler):
    poller: StreamPoller | None = None
    gate: FairGate | None = None
    matcher: IndexedRouteMatcher | None = None
    hub: LiveHub | None = None
    minimum_compression: int | None = None      # the stage's (compression.py)
    # http.server writes a reply's head and body in separate sends: with Nagle's algorithm
    # on, a keep-alive client's delayed ACK then holds each reply ~40 ms.
    disable_nagle_algorithm = True
    _in_gate = False

    def __init__(self, request, client_address, server, app_object, config) -> None:
        """chalice local's handler (one per connection), with the route index built once
        for the server instead of a matcher that splits every route on every request."""
        self.local_gateway = LocalGateway(app_object, config)
        if self.matcher is not None:
            self.local_gateway.event_converter._route_matcher = self.matcher  # noqa: SLF001
        BaseHTTPRequestHandler.__init__(self, request, client_address, server)

    def log_request(self, code: object = "-", size: object = "-") -> None:
        """No second line per request: the app's JSON log line (api/edge.py) already
        names it, with its request id and time; http.server's own errors still print."""

    def handle_one_request(self) -> None:
        """One request, from its first byte to its reply inside the gate (devserver/
        gate.py): the wait for the next request on a kept-alive connection stays outside."""
        if self.gate is None:
            return super().handle_one_request()
        try:
            self.rfile.peek(1)
        except (OSError, ValueError):     # reset, timed out or closed: http.server says so
            pass
        self.gate.enter()
        self._in_gate = True
        try:
            super().handle_one_request()
        finally:
            self._leave_gate()

    def _leave_gate(self) -> None:
        if self._in_gate:
            self._in_gate = False
            self.gate.leave()

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        if self.path.startswith(HOOK):
            self._hook()
        elif self.hub is not None and "/feed/stream" in self.path:
            self._stream()
        else:
            self._generic_handle()

    def _stream(self) -> None:
        """A change feed's Server-Sent Events, kept open (devserver/live.py)."""
        headers = {name: self.headers.get(name) for name in ("Authorization", "Last-Event-ID")
                   if self.headers.get(name)}
        try:
            found = requested(self.path, headers)
        except Refused as refused:
            return send_json(self, refused.status, {**refused.body, "request_id": None})
        if found is None:
            return self._generic_handle()
        self._leave_gate()                # an open stream holds no place
        path, after = found
        auth = {"Authorization": headers["Authorization"]} if "Authorization" in headers else {}
        Subscriber(self, self.hub, path, after, auth).serve()

    def _hook(self) -> None:
        parts = urlsplit(self.path)
        if parts.path != HOOK + "projection" or self.poller is None:
            return self._reply(404, {"error": "not_found", "message": "no such route",
                                     "details": {"routes": [HOOK + "projection"]}})
        raw = parse_qs(parts.query).get("wait", [None])[0]
        if raw is not None:
            try:
                wait = float(raw)
                if not 0 <= wait <= MAX_WAIT_SECONDS:
                    raise ValueError
            except ValueError:
                return self._reply(400, {
                    "error": "invalid_request", "message": "wait must be seconds, 0 to 60",
                    "details": {"wait": raw}})
            self._leave_gate()            # waiting on the poller holds no place
            self.poller.wait_caught_up(wait)
        self._reply(200, self.poller.status())

    def _send_http_response(self, code, headers, body) -> None:
        """Every reply, compressed as the deployed gateway compresses it (compression.py)."""
        if body:
            raw = body if isinstance(body, bytes) else body.encode("utf-8")
            body, headers = compression.compressed(raw, headers,
                                                   self.headers.get("Accept-Encoding"),
                                                   self.minimum_compression)
        super()._send_http_response(code, headers, body)

    def _reply(self, status: int, body: dict) -> None:
        self._send_http_response(status, {"Content-Type": "application/json"},
                                 json.dumps(body, sort_keys=True))

    def _send_error_response(self, error: LocalGatewayException) -> None:
        """The gateway's own refusals in the common error shape, as the deployed template's
        GatewayResponses give them: an unknown route is a 404 (API Gateway's
        MISSING_AUTHENTICATION_TOKEN, or INCOMPLETE_SIGNATURE when a bearer token came
        along; no route uses an authorizer, so the gateway forbids nothing else), anything
        else keeps its status."""
        request_id = (error.headers or {}).get("x-amzn-RequestId")
        if isinstance(error, ForbiddenError):
            status, body = 404, {"error": "not_found", "message": "no such route"}
        else:
            message = json.loads(error.body or b"{}").get("message") or type(error).__name__
            status, body = error.CODE, {"error": "gateway", "message": message}
        self._send_http_response(status, {"Content-Type": "application/json",
                                          "Access-Control-Allow-Origin": "*"},
                                 json.dumps({**body, "details": None,
                                             "request_id": request_id}))


def local_server(host: str, port: int, poller: StreamPoller | None,
                 handlers: int = 4) -> LocalDevServer:
    """What ``chalice local --stage dev`` serves, with the hook above (with a poller) and
    a listen backlog for many clients at once. Every blueprint is loaded at once: a
    local server starts once, and its first requests should not queue behind imports
    (in Lambda each loads on its routes' first request instead: app.py)."""
    from chalicelib.api.blueprints import BLUEPRINTS
    from chalicelib.projections.feed_entries import listen
    for name in BLUEPRINTS:
        importlib.import_module(name)
    ThreadedHTTPServer.request_queue_size = LISTEN_BACKLOG
    factory = CLIFactory(project_dir=str(ROOT), environ=os.environ)
    server = create_local_server(factory, host, port, "dev")
    headers.install()
    fetch, settle = reader()
    hub = LiveHub(fetch, settle)
    listen(hub.written)
    handler = type("Handler", (DevRequestHandler,), {
        "poller": poller, "gate": FairGate(handlers) if handlers > 0 else None, "hub": hub,
        "matcher": IndexedRouteMatcher(list(server.app_object.routes)),
        "minimum_compression": compression.minimum_size()})
    # socketserver builds one handler per request from this attribute
    wrapped = server.server.RequestHandlerClass
    server.server.RequestHandlerClass = lambda *args: handler(*args, **wrapped.keywords)
    return server
