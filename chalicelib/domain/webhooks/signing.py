"""``X-Podium-Signature: sha256=<hex HMAC-SHA256 of the raw body, keyed by a secret>``.

While a rotated-out secret is still in its overlap, the header carries one entry per
signing secret, newest first, separated by commas (as Stripe and Standard Webhooks carry
several ``v1`` signatures): ``sha256=<new>,sha256=<old>``. A receiver accepts the body
when any entry matches a secret it holds.

Each delivery is also signed the Standard Webhooks way (below), with the same secrets."""
from __future__ import annotations

import base64
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


# -- Standard Webhooks (https://www.standardwebhooks.com) ------------------------------
#
# ``webhook-id`` (the delivery id, the same on every retry), ``webhook-timestamp`` (Unix
# seconds when the attempt was sent) and ``webhook-signature``: ``v1,<base64 HMAC-SHA256
# of "{id}.{timestamp}.{body}">``, one entry per signing secret, newest first, separated
# by spaces. The key is the secret's bytes (UTF-8 of the string Podium shows, the same key
# as ``X-Podium-Signature``); receivers' libraries take it as ``whsec_`` + base64 of those
# bytes (:func:`standard_secret`), which the register and rotate replies show too.

STANDARD_PREFIX = "whsec_"
STANDARD_VERSION = "v1,"


def standard_secret(secret: str) -> str:
    """The Standard Webhooks form of ``secret``: ``whsec_`` + base64 of its bytes."""
    return STANDARD_PREFIX + base64.b64encode(secret.encode()).decode()


def standard_sign(secret: str, msg_id: str, timestamp: int, body: bytes) -> str:
    content = f"{msg_id}.{timestamp}.".encode() + body
    digest = hmac.new(secret.encode(), content, hashlib.sha256).digest()
    return STANDARD_VERSION + base64.b64encode(digest).decode()


def standard_headers(secrets: Iterable[str], msg_id: str, timestamp: int,
                     body: bytes) -> dict[str, str]:
    """The three Standard Webhooks headers signing ``body`` with each of ``secrets``."""
    return {"webhook-id": msg_id, "webhook-timestamp": str(timestamp),
            "webhook-signature": " ".join(standard_sign(secret, msg_id, timestamp, body)
                                          for secret in secrets)}
