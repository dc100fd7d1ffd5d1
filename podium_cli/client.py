"""The API as the CLI sees it: one httpx client, bearer key, request ids, retries of the
replies that mean "busy" (409 contention, 503 with Retry-After), and refusals raised as
:class:`PodiumError` carrying the server's code, message and request id."""
from __future__ import annotations

import hashlib
import json
import time
import uuid
from typing import Any

import httpx

BUSY = {"contention", "store_unavailable"}


class PodiumError(Exception):
    def __init__(self, status: int, code: str, message: str, request_id: str | None,
                 details: Any = None):
        super().__init__(f"{code}: {message}")
        self.status, self.code, self.message = status, code, message
        self.request_id, self.details = request_id, details

    def describe(self) -> str:
        line = f"{self.status} {self.code}: {self.message}"
        if self.details:
            line += f"\n  details: {json.dumps(self.details, ensure_ascii=False)[:600]}"
        return line + f"\n  request id: {self.request_id or 'none'} (quote it when reporting this)"


def idempotency_key(*parts: Any) -> str:
    """The same command on the same input gets the same key: running a CSV import again
    replays the first replies instead of registering everyone twice."""
    digest = hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()
    return "podium-cli-" + digest[:40]


class Podium:
    def __init__(self, base: str, key: str | None, *, timeout: float = 30.0,
                 transport: httpx.BaseTransport | None = None, retries: int = 5):
        self.base, self.key, self.retries = base.rstrip("/"), key, retries
        self.http = httpx.Client(base_url=self.base, timeout=timeout, transport=transport)

    def close(self) -> None:
        self.http.close()

    def request(self, method: str, path: str, body: Any = None, *, key: str | None = None,
                idempotency: str | None = None, raw: bool = False) -> Any:
        headers = {"X-Request-Id": "cli-" + uuid.uuid4().hex}
        token = key if key is not None else self.key
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if idempotency:
            headers["Idempotency-Key"] = idempotency
        for attempt in range(self.retries + 1):
            try:
                reply = self.http.request(method, path, headers=headers,
                                          json=body if method != "GET" else None)
            except httpx.HTTPError as err:
                raise PodiumError(0, "unreachable", f"{self.base}{path}: {err}",
                                  headers["X-Request-Id"]) from err
            if reply.status_code < 400:
                if raw:
                    return reply.text
                return reply.json() if reply.content else None
            error = _error_of(reply, headers["X-Request-Id"])
            if error.code in BUSY and attempt < self.retries:
                time.sleep(min(float(reply.headers.get("Retry-After") or 0.2 * 2 ** attempt), 5))
                continue
            raise error
        raise AssertionError("unreachable")

    def get(self, path: str, **kw: Any) -> Any:
        return self.request("GET", path, **kw)

    def post(self, path: str, body: Any = None, **kw: Any) -> Any:
        return self.request("POST", path, body if body is not None else {}, **kw)

    def pages(self, path: str, field: str) -> list[Any]:
        """Every row of a paged list (``?after=`` the previous ``next``)."""
        rows: list[Any] = []
        after = None
        while True:
            sep = "&" if "?" in path else "?"
            page = self.get(path + (f"{sep}after={after}" if after else ""))
            rows.extend(page.get(field) or [])
            after = page.get("next")
            if not after:
                return rows


def _error_of(reply: httpx.Response, sent_id: str) -> PodiumError:
    try:
        body = reply.json()
    except ValueError:
        body = {}
    if not isinstance(body, dict):
        body = {}
    return PodiumError(reply.status_code, body.get("error") or f"http_{reply.status_code}",
                       body.get("message") or reply.reason_phrase,
                       body.get("request_id") or reply.headers.get("X-Request-Id") or sent_id,
                       body.get("details"))
