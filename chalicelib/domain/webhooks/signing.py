"""``X-Podium-Signature: sha256=<hex HMAC-SHA256 of the raw body, keyed by the
endpoint's secret>``."""
from __future__ import annotations

import hashlib
import hmac

PREFIX = "sha256="


def sign(secret: str, body: bytes) -> str:
    return PREFIX + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def verify(secret: str, body: bytes, header: str | None) -> bool:
    """What a receiver does: recompute and compare in constant time."""
    return header is not None and hmac.compare_digest(sign(secret, body), header)
