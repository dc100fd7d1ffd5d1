"""Which exceptions mean "the store cannot answer now" (503 ``store_unavailable``), on
either store: the store's own refusal (``StoreUnavailable``), a SQLite file that is
corrupt, missing its tables, locked or failing its I/O, and a DynamoDB endpoint that
cannot be reached or answered nothing in time (botocore's connection errors and
timeouts), or refused the caller's table or credentials.

What stays a bug (500): an SQL statement the code got wrong (``ProgrammingError``), a
broken constraint (``IntegrityError``), a request botocore refused to send
(``ParamValidationError``) and DynamoDB's ``ValidationException``."""
from __future__ import annotations

import sys

from .ports import StoreUnavailable

# DynamoDB error codes that say the table or the account is not usable now; the
# throttling codes (dynamo_events.TRANSIENT) are raised as StoreUnavailable already.
UNAVAILABLE_CODES = frozenset({
    "ResourceNotFoundException", "AccessDeniedException", "UnrecognizedClientException",
    "ExpiredTokenException", "InvalidSignatureException", "IncompleteSignature",
    "MissingAuthenticationTokenException", "RequestExpired", "ServiceUnavailable",
    "InternalServerError", "InternalFailure", "ThrottlingException", "RequestLimitExceeded",
    "ProvisionedThroughputExceededException", "LimitExceededException",
    "TransactionInProgressException"})


def store_fault(exc: BaseException) -> str | None:
    """The fault's kind (a class or error-code name: safe to show, never a path) when
    ``exc`` means the store is unavailable, else None."""
    if isinstance(exc, StoreUnavailable):
        return str(exc) or type(exc).__name__
    sqlite3 = sys.modules.get("sqlite3")      # never loaded (DynamoDB): no SQLite error
    if sqlite3 is not None and isinstance(exc, sqlite3.DatabaseError):
        if isinstance(exc, (sqlite3.ProgrammingError, sqlite3.IntegrityError)):
            return None
        return type(exc).__name__
    return _botocore_fault(exc)


def _botocore_fault(exc: BaseException) -> str | None:
    errors = sys.modules.get("botocore.exceptions")
    if errors is None:           # botocore never loaded: no DynamoDB call was made
        return None
    if isinstance(exc, errors.ClientError):
        code = exc.response.get("Error", {}).get("Code", "")
        return code if code in UNAVAILABLE_CODES else None
    if isinstance(exc, (errors.HTTPClientError, errors.ConnectionError,
                        errors.NoCredentialsError, errors.NoRegionError,
                        errors.PartialCredentialsError, errors.CredentialRetrievalError)):
        return type(exc).__name__
    return None
