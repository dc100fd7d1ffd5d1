"""A small Server-Sent Events client for the change feeds (tests, bench, demo): connects,
yields each event as it arrives, and remembers the last id, so a reconnect resumes with
``Last-Event-ID`` exactly as a browser's EventSource would."""
from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit


@dataclass
class SseEvent:
    event: str
    data: Any
    id: str | None = None


@dataclass
class SseClient:
    base_url: str
    path: str
    token: str | None = None
    last_id: str | None = None
    timeout: float = 30.0
    retry_ms: int | None = None
    _conn: http.client.HTTPConnection | None = field(default=None, repr=False)

    def open(self) -> http.client.HTTPResponse:
        parts = urlsplit(self.base_url)
        self._conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=self.timeout)
        headers = {"Accept": "text/event-stream"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        if self.last_id:
            headers["Last-Event-ID"] = self.last_id
        self._conn.request("GET", self.path, headers=headers)
        return self._conn.getresponse()

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def events(self, response: http.client.HTTPResponse) -> Iterator[SseEvent]:
        """The stream's events until it ends (comments are skipped); ``last_id`` follows."""
        name, data, ident = "message", [], None
        while True:
            raw = response.fp.readline()
            if not raw:
                return
            line = raw.decode().rstrip("\r\n")
            if line == "":
                if data:
                    if ident is not None:
                        self.last_id = ident
                    yield SseEvent(name, json.loads("\n".join(data)), ident)
                name, data, ident = "message", [], None
                continue
            if line.startswith(":"):
                continue
            key, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if key == "event":
                name = value
            elif key == "data":
                data.append(value)
            elif key == "id":
                ident = value
            elif key == "retry" and value.isdigit():
                self.retry_ms = int(value)
