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
