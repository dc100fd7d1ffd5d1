"""Which push endpoints a subscription may name (checked at registration and at send)."""
from __future__ import annotations

import os
from urllib.parse import urlsplit


def allow_loopback() -> bool:
    return os.environ.get("PODIUM_PUSH_ALLOW_LOOPBACK",
                          os.environ.get("PODIUM_WEBHOOK_ALLOW_LOOPBACK", "")) == "1"


def endpoint_problem(url: str) -> str | None:
    """Why a subscription endpoint is refused (None: fine): https only, no credentials;
    http to loopback only with PODIUM_PUSH_ALLOW_LOOPBACK=1 (tests, local runs)."""
    parts = urlsplit(url)
    if parts.username or parts.password or not parts.hostname:
        return "an endpoint is https://host/path"
    if parts.scheme == "https":
        return None
    if parts.scheme == "http" and allow_loopback() and parts.hostname in ("127.0.0.1",
                                                                          "localhost"):
        return None
    return "an endpoint is https://host/path"
