"""Idempotency keys: scoped to the caller, fingerprinted by method, path and body."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from ..domain.errors import DomainError


@dataclass(frozen=True)
class IdempotencyRequest:
    key: str
    fingerprint: str
    # no caller: the key is scoped to the route and path (so to the tournament), and a
    # replay must not hand out a secret (see auth.principal.reveal_token)
    anonymous: bool = False

    @classmethod
    def of(cls, caller: str | None, key: str, method: str, path: str,
           body: bytes) -> IdempotencyRequest:
        scope = caller if caller is not None else f"anonymous\x1f{method.upper()} {path}"
        scoped = hashlib.sha256(f"{scope}\x1f{key}".encode()).hexdigest()
        digest = hashlib.sha256()
        for part in (method.upper().encode(), path.encode(), body or b""):
            digest.update(part)
            digest.update(b"\x1f")
        return cls(scoped, digest.hexdigest(), caller is None)


class IdempotencyMismatch(DomainError, status=422, code="idempotency_key_reused"):
    """An idempotency key sent again with a different request."""
