"""The deployment as the node sees it: JSON over HTTP (urllib) with the organizer's key;
a link that is down is ``Unreachable`` (the sync waits and resumes)."""
from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

TIMEOUT_SECONDS = 10


class Unreachable(Exception):
    """The deployment did not answer (the link is down, or it is restarting)."""


class Refused(Exception):
    """The deployment answered with a refusal (4xx): ``status`` and its error body."""

    def __init__(self, status: int, body: Any):
        super().__init__(f"{status}: {body}")
        self.status = status
        self.body = body if isinstance(body, dict) else {"message": str(body)}

    @property
    def code(self) -> str:
        return str(self.body.get("error", ""))


class Upstream:
    def __init__(self, url: str, key: str):
        self.url = url.rstrip("/")
        self.key = key

    def call(self, method: str, path: str, body: Any = None,
             query: dict[str, Any] | None = None) -> Any:
        url = self.url + "/v1" + path + ("?" + urllib.parse.urlencode(query) if query else "")
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method, headers={
            "Authorization": f"Bearer {self.key}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as reply:
                return json.loads(reply.read() or b"null")
        except urllib.error.HTTPError as exc:
            raw = exc.read()
            try:
                parsed = json.loads(raw)
            except ValueError:
                parsed = {"message": raw[:200].decode(errors="replace")}
            if exc.code >= 500:
                raise Unreachable(f"{exc.code} from the deployment") from None
            raise Refused(exc.code, parsed) from None
        except (urllib.error.URLError, OSError, ValueError) as exc:
            raise Unreachable(str(exc)) from None
