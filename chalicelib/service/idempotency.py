"""Idempotency keys: scoped to the caller, fingerprinted by method, path and body."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from ..domain.errors import DomainError


@dataclass(frozen=True)
class IdempotencyRequest:
    key: str
    fingerprint: str

    @classmethod
    def of(cls, caller: str, key: str, method: str, path: str, body: bytes) -> IdempotencyRequest:
        scoped = hashlib.sha256(f"{caller}\x1f{key}".encode()).hexdigest()
        digest = hashlib.sha256()
        for part in (method.upper().encode(), path.encode(), body or b""):
            digest.update(part)
            digest.update(b"\x1f")
        return cls(scoped, digest.hexdigest())


class IdempotencyMismatch(DomainError):
    status = 422
    code = "idempotency_key_reused"
