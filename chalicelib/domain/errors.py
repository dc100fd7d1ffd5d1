"""Errors raised by deciders. The HTTP layer maps each to a 4xx JSON body."""
from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """A command was refused. Nothing is appended when a decider raises."""

    status = 422
    code = "invalid"

    def __init__(self, message: str, details: Any = None, code: str | None = None):
        super().__init__(message)
        self.message = message
        self.details = details
        if code is not None:
            self.code = code


class Invalid(DomainError):
    """The command breaks a rule (bad counts, impossible scores...): 422."""

    status = 422
    code = "invalid"


class Conflict(DomainError):
    """The command does not fit the current state (wrong phase, out of turn): 409."""

    status = 409
    code = "conflict"


class NotFound(DomainError):
    status = 404
    code = "not_found"


class Unauthenticated(DomainError):
    """The credential the command was issued with is no longer current (replaced,
    revoked, expired): 401, checked inside the write."""

    status = 401
    code = "unauthorized"


class Forbidden(DomainError):
    """The caller is known but may not do this (another player's pack): 403."""

    status = 403
    code = "forbidden"


class BadRequest(DomainError):
    """The request names what it asks for wrongly (a query the caller must give): 400."""

    status = 400
    code = "bad_request"


class TooManyRequests(DomainError):
    """The caller did this too often for now: 429, retry after ``retry_after`` seconds
    (the reply's ``Retry-After``)."""

    status = 429
    code = "rate_limited"

    def __init__(self, message: str, retry_after: int, details: Any = None,
                 code: str | None = None):
        super().__init__(message, details, code)
        self.retry_after = max(1, int(retry_after))
