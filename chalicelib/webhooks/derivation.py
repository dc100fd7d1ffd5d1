"""Webhook signing secrets, derived and never stored.

Events record a random ``secret_nonce``; the secret is ``whsec_`` + base64url(HMAC-SHA256(
PODIUM_TOKEN_SECRET, "webhook-secret:" + nonce)), the same derivation that gives retried
requests their bearer tokens (``chalicelib.auth.tokens.new_token``; its derivations start
with a 64-hex-digit idempotency key, so the two never coincide). Changing
PODIUM_TOKEN_SECRET therefore changes every nonce-based webhook secret at once."""
from __future__ import annotations

import secrets
from functools import partial

from ..auth.tokens import new_token
from ..domain.webhooks.secret_ref import Derive

PREFIX = "whsec_"


def new_nonce() -> str:
    """A fresh random nonce for a registration or rotation (not a secret by itself)."""
    return secrets.token_urlsafe(24)


def derive_secret(server_secret: str, nonce: str) -> str:
    """The signing secret of ``nonce`` under the server secret."""
    return PREFIX + new_token(server_secret, f"webhook-secret:{nonce}").split("_", 1)[1]


def deriver(server_secret: str) -> Derive:
    """``nonce -> secret`` for the domain's ``SecretRef.value``."""
    return partial(derive_secret, server_secret)
