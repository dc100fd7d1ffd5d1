"""The common error reply, kept free of heavy imports: the HTTP edge loads it at cold
start, before any route's module."""
from __future__ import annotations

from typing import Any

from chalice import Response


def error(status: int, code: str, message: str, details: Any = None) -> Response:
    return Response({"error": code, "message": message, "details": details},
                    status_code=status, headers={"Content-Type": "application/json"})
