"""The common error reply, kept free of heavy imports: the HTTP edge loads it at cold
start, before any route's module."""
from __future__ import annotations

from typing import Any

from chalice import Response


def error(status: int, code: str, message: str, details: Any = None) -> Response:
    return Response({"error": code, "message": message, "details": details},
                    status_code=status, headers={"Content-Type": "application/json"})


STORE_RETRY_AFTER_SECONDS = 1


def store_unavailable(kind: str, retry_after: int = STORE_RETRY_AFTER_SECONDS) -> Response:
    """503 ``store_unavailable``: the store did not answer (busy, unreachable, damaged).
    ``kind`` names the fault (an exception class or error code, never a path)."""
    response = error(503, "store_unavailable", "the store is unavailable; retry with the "
                     "same Idempotency-Key (a write that landed answers its first reply)",
                     {"cause": kind})
    response.headers["Retry-After"] = str(retry_after)
    return response
