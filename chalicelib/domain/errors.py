"""Errors raised by deciders. The HTTP layer maps each to a 4xx JSON body."""
from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """A command was refused. Nothing is appended when a decider raises."""

    status = 422
    code = "invalid"
    retry_after: int | None = None

    def __init_subclass__(cls, *, status: int | None = None, code: str | None = None,
                          retry_after: int | None = None, **kwargs: Any) -> None:
        """A refusal declares its HTTP status, error code and ``Retry-After`` in its class
        line: ``class Conflict(DomainError, status=409, code="conflict")``."""
        super().__init_subclass__(**kwargs)
        if status is not None:
            cls.status = status
        if code is not None:
            cls.code = code
        if retry_after is not None:
            cls.retry_after = retry_after

    def __init__(self, message: str, details: Any = None, code: str | None = None):
        super().__init__(message)
        self.message = message
        self.details = details
        if code is not None:
            self.code = code


class Invalid(DomainError, status=422, code="invalid"):
    """The command breaks a rule (bad counts, impossible scores...): 422."""


class Conflict(DomainError, status=409, code="conflict"):
    """The command does not fit the current state (wrong phase, out of turn): 409."""


class NotFound(DomainError, status=404, code="not_found"):
    """What the command names does not exist: 404."""


class Unauthenticated(DomainError, status=401, code="unauthorized"):
    """The credential the command was issued with is no longer current (replaced,
    revoked, expired): 401, checked inside the write."""


class Forbidden(DomainError, status=403, code="forbidden"):
    """The caller is known but may not do this (another player's pack): 403."""


class BadRequest(DomainError, status=400, code="bad_request"):
    """The request names what it asks for wrongly (a query the caller must give): 400."""


class TooManyRequests(DomainError, status=429, code="rate_limited"):
    """The caller did this too often for now: 429, retry after ``retry_after`` seconds
    (the reply's ``Retry-After``)."""

    def __init__(self, message: str, retry_after: int, details: Any = None,
                 code: str | None = None):
        super().__init__(message, details, code)
        self.retry_after = max(1, int(retry_after))
