"""Token generation and hashing."""
from __future__ import annotations

import hashlib
import hmac
import secrets


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token(secret: str, derivation: str | None = None) -> str:
    """A random token, or, for a request carrying an idempotency key, one derived from the
    server secret and that key, so a retried request gets the same token back without the
    token ever being stored."""
    if derivation is None:
        return "pdm_" + secrets.token_urlsafe(32)
    digest = hmac.new(secret.encode(), derivation.encode(), hashlib.sha256).digest()
    import base64
    return "pdm_" + base64.urlsafe_b64encode(digest).decode().rstrip("=")


def keyed_digest(secret: str, purpose: str, value: str) -> str:
    """HMAC-SHA256 of ``value`` under the server secret, for ``purpose``: what is stored
    of a low-entropy secret (a registration code) or a client's address, so that neither
    the events nor the views let anyone test guesses without the server secret."""
    return hmac.new(secret.encode(), f"{purpose}\x1f{value}".encode(),
                    hashlib.sha256).hexdigest()
