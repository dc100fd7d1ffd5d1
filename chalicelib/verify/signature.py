"""The manifest's signature, against the deployment's public keys (``GET
/v1/.well-known/podium-keys``, saved or fetched; a retired key still listed verifies the
logs it signed). Needs the ``cryptography`` package, only when keys are given."""
from __future__ import annotations

import base64
import binascii
from typing import Any

from ..domain.audit_chain import canonical
from .findings import Difference, Finding, Recorded
from .log import AuditLog, LogError


def check(log: AuditLog, keys: Any) -> list[Finding]:
    anchor = Recorded(f"tournament-{log.tournament_id}", 0, "(manifest)", {})
    try:
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
    except ImportError:
        raise LogError("checking the signature (--keys) needs the 'cryptography' package: "
                       "pip install -r chalicelib/verify/requirements.txt") from None
    listed = keys.get("keys") if isinstance(keys, dict) else None
    if not isinstance(listed, list):
        raise LogError("the keys given are not a key list: expected {\"keys\": [...]}, "
                       "as GET /v1/.well-known/podium-keys answers")
    signature = log.signature
    if not isinstance(signature, dict) or not isinstance(log.manifest, dict):
        return [Difference(anchor, "signature", signature, "the deployment's signature of "
                           "the manifest: the log is unsigned")]
    key = next((k for k in listed if isinstance(k, dict)
                and k.get("key_id") == signature.get("key_id")), None)
    if key is None:
        ids = [k.get("key_id") for k in listed if isinstance(k, dict)]
        return [Difference(anchor, "signature.key_id", signature.get("key_id"),
                           f"one of the keys given: {ids}")]
    try:
        public = Ed25519PublicKey.from_public_bytes(base64.b64decode(key["public_key"]))
        public.verify(base64.b64decode(str(signature.get("value")), validate=True),
                      canonical(log.manifest))
    except (InvalidSignature, ValueError, binascii.Error, KeyError, TypeError):
        return [Difference(anchor, "signature", signature.get("value"),
                           f"a signature of this manifest by key {key['key_id']}: the "
                           "manifest was changed after it was signed, or signed by another key")]
    return []
