"""The smallest HTTP abstraction the scenarios need: ``request(method, path, body, token,
headers) -> Response``. ``UrlTransport`` speaks real HTTP (stdlib only, loopback by
default); tests adapt their in-process client to the same shape (tests/e2e/conftest.py)."""
from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import urlsplit


@dataclass
class Response:
    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)


class Transport(Protocol):
    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                headers: dict[str, str] | None = None) -> Response: ...


class UrlTransport:
    """Real HTTP against ``base_url`` (e.g. ``http://127.0.0.1:8000``); paths start with /v1."""

    def __init__(self, base_url: str, timeout: float = 30.0, allow_remote: bool = False):
        host = urlsplit(base_url).hostname or ""
        if not allow_remote and host not in ("127.0.0.1", "localhost", "::1"):
            raise ValueError(f"refusing non-loopback URL {base_url!r} (pass allow_remote)")
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                headers: dict[str, str] | None = None) -> Response:
        data = None if body is None else json.dumps(body).encode()
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        req = urllib.request.Request(self.base_url + path, data=data, method=method,
                                     headers=all_headers)
        if method == "POST" and data is None:
            req.data = b""
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as reply:
                status, raw, reply_headers = reply.status, reply.read(), dict(reply.headers)
        except urllib.error.HTTPError as err:
            status, raw, reply_headers = err.code, err.read(), dict(err.headers)
        text = raw.decode() if raw else ""
        try:
            parsed = json.loads(text) if text else None
        except ValueError:
            parsed = text
        return Response(status, parsed, reply_headers)


class KeepAliveTransport:
    """HTTP/1.1 with one persistent connection per thread (for load on loopback). A
    request whose connection broke is sent again only when that is safe: a GET, or a POST
    carrying an Idempotency-Key."""

    def __init__(self, base_url: str, timeout: float = 60.0):
        import threading
        parts = urlsplit(base_url)
        if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
            raise ValueError(f"load runs on loopback only, not {base_url!r}")
        self.host, self.port = parts.hostname, parts.port or 80
        self.timeout = timeout
        self._local = threading.local()

    def _connection(self):
        import http.client
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            self._local.conn = conn
        return conn

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                headers: dict[str, str] | None = None) -> Response:
        import http.client
        data = b"" if body is None and method == "POST" else \
            (None if body is None else json.dumps(body).encode())
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        for attempt in (1, 2):                 # one reconnect if the server closed it
            conn = self._connection()
            try:
                conn.request(method, path, body=data, headers=all_headers)
                _quick_ack(conn)
                reply = conn.getresponse()
                raw = reply.read()
                break
            except (http.client.HTTPException, ConnectionError, OSError):
                conn.close()
                self._local.conn = None
                if attempt == 2 or (method != "GET" and "Idempotency-Key" not in all_headers):
                    raise
        text = raw.decode() if raw else ""
        try:
            parsed = json.loads(text) if text else None
        except ValueError:
            parsed = text
        return Response(reply.status, parsed, dict(reply.getheaders()))


def _quick_ack(conn) -> None:
    """The local server writes a reply's headers and body separately; with Nagle on its
    side and delayed ACKs on ours every keep-alive reply would wait ~40 ms. Ask Linux to
    acknowledge at once (elsewhere this is a no-op)."""
    import socket
    option = getattr(socket, "TCP_QUICKACK", None)
    if option is not None and conn.sock is not None:
        try:
            conn.sock.setsockopt(socket.IPPROTO_TCP, option, 1)
        except OSError:
            pass
