"""``X-Podium-Signature: sha256=<hex HMAC-SHA256 of the raw body, keyed by a secret>``.

While a rotated-out secret is still in its overlap, the header carries one entry per
signing secret, newest first, separated by commas (as Stripe and Standard Webhooks carry
several ``v1`` signatures): ``sha256=<new>,sha256=<old>``. A receiver accepts the body
when any entry matches a secret it holds."""
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable

PREFIX = "sha256="
SEPARATOR = ","


def sign(secret: str, body: bytes) -> str:
    return PREFIX + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def signature_header(secrets: Iterable[str], body: bytes) -> str:
    """The header value signing ``body`` with each of ``secrets`` (in that order)."""
    return SEPARATOR.join(sign(secret, body) for secret in secrets)


def verify(secret: str, body: bytes, header: str | None) -> bool:
    """What a receiver does: recompute, then compare with every entry of the header in
    constant time (a single-secret header is one entry)."""
    if header is None:
        return False
    expected = sign(secret, body)
    matches = [hmac.compare_digest(expected, entry.strip())
               for entry in header.split(SEPARATOR)]
    return any(matches)
