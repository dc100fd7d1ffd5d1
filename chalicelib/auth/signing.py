"""The deployment's Ed25519 key, which signs each audit log's manifest (the heads of its
streams), so a federation holding the published public key can tell a log this deployment
served from one rewritten after (library: ``cryptography``, the PyCA package everything
else in the ecosystem already trusts; no hand-written curve code).

Where the key comes from:
- ``PODIUM_SIGNING_KEY``: the current key's 32-byte Ed25519 seed, base64 (deployed: the
  stack's NoEcho ``SigningKey`` parameter);
- otherwise derived from the token secret (``HMAC(secret, "podium-signing-key:v1")``):
  locally the data dir's ``token.secret``, deployed ``PODIUM_TOKEN_SECRET``.
Rotation (docs/proof.md): set a new ``PODIUM_SIGNING_KEY`` and add the old public key to
``PODIUM_SIGNING_KEYS_RETIRED`` (a JSON list of ``{key_id, public_key, retired_at}``):
``GET /v1/.well-known/podium-keys`` keeps listing it, so logs signed before still verify.
The key id is the first 16 hex digits of the SHA-256 of the raw public key."""
from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

ALGORITHM = "Ed25519"
DERIVATION = b"podium-signing-key:v1"


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def key_id(public_raw: bytes) -> str:
    return hashlib.sha256(public_raw).hexdigest()[:16]


@dataclass(frozen=True)
class Signer:
    private: Ed25519PrivateKey
    retired: tuple[dict[str, Any], ...] = ()

    @functools.cached_property
    def public_raw(self) -> bytes:
        return self.private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)

    @property
    def key_id(self) -> str:
        return key_id(self.public_raw)

    def sign(self, payload: bytes) -> dict[str, str]:
        return {"alg": ALGORITHM, "key_id": self.key_id,
                "value": _b64(self.private.sign(payload))}

    def public_keys(self) -> dict[str, Any]:
        current = {"key_id": self.key_id, "alg": ALGORITHM,
                   "public_key": _b64(self.public_raw), "status": "current"}
        return {"keys": [current, *({**k, "alg": ALGORITHM, "status": "retired"}
                                    for k in self.retired if k.get("key_id") != self.key_id)]}


def signer(token_secret: str, key: str | None = None, retired: str | None = None) -> Signer:
    """The deployment's signer (see the module's docstring); raises ValueError on a key or
    retired list it cannot read."""
    return _signer(token_secret, key or None, retired or None)


@functools.lru_cache(maxsize=8)
def _signer(token_secret: str, key: str | None, retired: str | None) -> Signer:
    if key is not None:
        seed = base64.b64decode(key, validate=True)
        if len(seed) != 32:
            raise ValueError("PODIUM_SIGNING_KEY must be 32 bytes (an Ed25519 seed), base64")
    else:
        seed = hmac.new(token_secret.encode(), DERIVATION, hashlib.sha256).digest()
    old = json.loads(retired) if retired else []
    if not isinstance(old, list) or not all(
            isinstance(k, dict) and isinstance(k.get("key_id"), str)
            and isinstance(k.get("public_key"), str) for k in old):
        raise ValueError("PODIUM_SIGNING_KEYS_RETIRED must be a JSON list of "
                         "{key_id, public_key, retired_at}")
    return Signer(Ed25519PrivateKey.from_private_bytes(seed), tuple(old))
