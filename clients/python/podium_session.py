"""Session consistency for a Python client of the Podium API (the generated client, or
plain httpx): keep the ``X-Podium-Position`` the last reply gave and send it with every
request, so a read right after this session's own write sees it.

    session = PodiumSession()
    client = AuthenticatedClient(base_url=..., token=..., httpx_args=session.httpx_args())
"""
from __future__ import annotations

from typing import Any

HEADER = "X-Podium-Position"


class PodiumSession:
    def __init__(self) -> None:
        self.position: str | None = None

    def on_request(self, request: Any) -> None:
        if self.position and HEADER not in request.headers:
            request.headers[HEADER] = self.position

    def on_response(self, response: Any) -> None:
        position = response.headers.get(HEADER)
        if position:
            self.position = position

    def httpx_args(self) -> dict[str, Any]:
        """``httpx_args`` for the generated ``Client`` / ``AuthenticatedClient``."""
        return {"event_hooks": {"request": [self.on_request], "response": [self.on_response]}}
