"""Reading one's own writes on every server, as the generated clients do: every command's
reply carries ``X-Podium-Position`` (merged with the one the request carried) and this
transport sends the last one back with each request, so a read right after a write
answers from views that include it, even when they are projected from a stream (the
server waits for them or projects what they lack). No polling, no retry loop."""
from __future__ import annotations

from typing import Any

from .transport import Response, Transport

HEADER = "X-Podium-Position"


class Session:
    def __init__(self, transport: Transport):
        self.transport = transport
        self.position: str | None = None
        self.carried = 0            # requests that carried a position

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                headers: dict[str, str] | None = None) -> Response:
        sent = dict(headers or {})
        if self.position and HEADER not in sent:
            sent[HEADER] = self.position
            self.carried += 1
        reply = self.transport.request(method, path, body, token, sent)
        found = next((v for k, v in (reply.headers or {}).items() if k.lower() == HEADER.lower()),
                     None)
        if found:
            self.position = found
        return reply
