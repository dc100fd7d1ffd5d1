"""The scenarios' transport over the in-process test client (no sockets, fast), with the
spec check of tests/support/spec.py on the first few replies of every (operation, status)
so a spec that lies still fails here without validating 2,000 identical pick replies."""
from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

from demo.transport import Response
from tests.support.spec import check_response, template_for

CHECKS_PER_KIND = 5


class MovableClock:
    """The service's clock for a scenario: the wall clock, moved on by ``advance``."""

    def __init__(self):
        self.offset = timedelta(0)

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.offset


class InProcessTransport:
    def __init__(self, api_client, clock: MovableClock | None = None):
        self._api = api_client
        self._clock = clock
        if clock is not None:
            self.advance = self._advance
        self._seen: Counter = Counter()
        self._templates: dict[str, str | None] = {}
        self.checked = 0

    def _template(self, path: str) -> str | None:
        bare = path.split("?", 1)[0]
        if bare not in self._templates:
            self._templates[bare] = template_for(bare)
        return self._templates[bare]

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                headers: dict[str, str] | None = None) -> Response:
        r = self._api.request(method, path, json_body=body, token=token, headers=headers,
                              check=False)
        template = self._template(path)
        kind = (method, template, r.status)
        if self._seen[kind] < CHECKS_PER_KIND or r.status >= 400:
            check_response(method, path, r.status, r.body)
            self.checked += 1
        self._seen[kind] += 1
        return Response(r.status, r.body, r.headers)

    def _advance(self, seconds: float) -> None:
        """Time passes on the service's clock (pick timers run out)."""
        self._clock.offset += timedelta(seconds=seconds)
